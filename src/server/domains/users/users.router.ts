import { ZByIdInput } from '../../../shared/schemas/common.ts';
import { ZDeleted } from '../../../shared/schemas/business.ts';
import {
  ZAdminResetPasswordInput,
  ZAdminResetPasswordResult,
  ZCreateUserInput,
  ZListUsersInput,
  ZUpdateUserInput,
  ZUserDetail,
  ZUserList,
} from '../../../shared/schemas/users.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
import type { TrpcContext } from '../../trpc/context.ts';
import * as users from './users.service.ts';

/** Links in e-mails point back at the origin the request came to. */
function links(ctx: TrpcContext): users.LinkOptions {
  return { baseUrl: `${ctx.req.protocol}://${ctx.req.host}` };
}

export const usersRouter = router({
  list: abilityProcedure('read', 'User')
    .input(ZListUsersInput.prefault({}))
    .output(ZUserList)
    .query(({ ctx, input }) => users.listUsers(ctx, input)),
  byId: abilityProcedure('read', 'User')
    .input(ZByIdInput)
    .output(ZUserDetail)
    .query(({ ctx, input }) => users.getUser(ctx, input.id)),
  /** With a password: a usable account. Without: an invitation e-mail with a link to choose one. */
  create: abilityProcedure('create', 'User')
    .input(ZCreateUserInput)
    .output(ZUserDetail)
    .mutation(({ ctx, input }) => users.createUser(ctx, input, links(ctx))),
  update: abilityProcedure('update', 'User')
    .input(ZUpdateUserInput)
    .output(ZUserDetail)
    .mutation(({ ctx, input }) => users.updateUser(ctx, input)),
  activate: abilityProcedure('update', 'User')
    .input(ZByIdInput)
    .output(ZUserDetail)
    .mutation(({ ctx, input }) => users.activateUser(ctx, input.id)),
  deactivate: abilityProcedure('update', 'User')
    .input(ZByIdInput)
    .output(ZUserDetail)
    .mutation(({ ctx, input }) => users.deactivateUser(ctx, input.id)),
  resetPassword: abilityProcedure('update', 'User')
    .input(ZAdminResetPasswordInput)
    .output(ZAdminResetPasswordResult)
    .mutation(({ ctx, input }) => users.adminResetPassword(ctx, input, links(ctx))),
  delete: abilityProcedure('delete', 'User')
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => users.deleteUser(ctx, input.id)),
});
