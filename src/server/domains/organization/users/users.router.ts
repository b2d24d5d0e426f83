import { z } from 'zod';
import { ZRoleSummary } from '../../../../shared/schemas/roles.ts';
import {
  ZAdminResetPasswordInput,
  ZAdminResetPasswordResult,
  ZCreateUserInput,
  ZListUsersInput,
  ZUpdateUserInput,
  ZUserDetail,
  ZUserList,
} from '../../../../shared/schemas/users.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as users from './users.service.ts';

const p = recordProcedures(ZUserDetail);

export const usersRouter = router({
  list: p.list(ZListUsersInput, ZUserList, users.listUsers),
  /** The roles with the caller's count of users of each and their abilities (the roles page, issue 14). */
  roles: authedProcedure.output(z.array(ZRoleSummary)).query(({ ctx }) => users.roleSummaries(ctx)),
  byId: p.byId(users.getUser),
  /** With a password: a usable account. Without: an invitation e-mail with a link to choose one. */
  create: p.mutation(ZCreateUserInput, users.createUser),
  update: p.mutation(ZUpdateUserInput, users.updateUser),
  activate: p.byIdMutation(users.activateUser),
  deactivate: p.byIdMutation(users.deactivateUser),
  resetPassword: authedProcedure
    .input(ZAdminResetPasswordInput)
    .output(ZAdminResetPasswordResult)
    .mutation(({ ctx, input }) => users.adminResetPassword(ctx, input)),
  delete: p.delete(users.deleteUser),
});
