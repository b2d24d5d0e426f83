import { z } from 'zod';
import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
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
import * as users from './users.service.ts';

export const usersRouter = router({
  list: authedProcedure
    .input(ZListUsersInput.prefault({}))
    .output(ZUserList)
    .query(({ ctx, input }) => users.listUsers(ctx, input)),
  /** The roles with the caller's count of users of each and their abilities (the roles page). */
  roles: authedProcedure.output(z.array(ZRoleSummary)).query(({ ctx }) => users.roleSummaries(ctx)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZUserDetail)
    .query(({ ctx, input }) => users.getUser(ctx, input)),
  /** With a password: a usable account. Without: an invitation e-mail with a link to choose one. */
  create: authedProcedure
    .input(ZCreateUserInput)
    .output(ZUserDetail)
    .mutation(({ ctx, input }) => users.createUser(ctx, input)),
  update: authedProcedure
    .input(ZUpdateUserInput)
    .output(ZUserDetail)
    .mutation(({ ctx, input }) => users.updateUser(ctx, input)),
  activate: authedProcedure
    .input(ZByIdInput)
    .output(ZUserDetail)
    .mutation(({ ctx, input }) => users.activateUser(ctx, input)),
  deactivate: authedProcedure
    .input(ZByIdInput)
    .output(ZUserDetail)
    .mutation(({ ctx, input }) => users.deactivateUser(ctx, input)),
  /** Ends every session of the user (they sign in again). */
  endSessions: authedProcedure
    .input(ZByIdInput)
    .output(z.object({ id: z.number() }))
    .mutation(({ ctx, input }) => users.endUserSessions(ctx, input)),
  resetPassword: authedProcedure
    .input(ZAdminResetPasswordInput)
    .output(ZAdminResetPasswordResult)
    .mutation(({ ctx, input }) => users.adminResetPassword(ctx, input)),
  /** A new invitation link (7 days) to a user who never signed in; the pending one stops working. */
  resendInvitation: authedProcedure
    .input(ZByIdInput)
    .output(ZUserDetail)
    .mutation(({ ctx, input }) => users.resendInvitation(ctx, input)),
  revokeInvitation: authedProcedure
    .input(ZByIdInput)
    .output(ZUserDetail)
    .mutation(({ ctx, input }) => users.revokeInvitation(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => users.deleteUser(ctx, input)),
});
