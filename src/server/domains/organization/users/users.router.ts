import {
  ZAdminResetPasswordInput,
  ZAdminResetPasswordResult,
  ZCreateUserInput,
  ZListUsersInput,
  ZUpdateUserInput,
  ZUserDetail,
  ZUserList,
} from '../../../../shared/schemas/users.ts';
import { abilityProcedure, router } from '../../../trpc/init.ts';
import type { TrpcContext } from '../../../trpc/context.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as users from './users.service.ts';

/** Links in e-mails point back at the origin the request came to, and go out through that app's outbox. */
function links(ctx: TrpcContext): users.LinkOptions {
  return { baseUrl: `${ctx.req.protocol}://${ctx.req.host}`, outbox: ctx.req.server.outbox };
}

const p = recordProcedures('User', ZUserDetail);

export const usersRouter = router({
  list: p.list(ZListUsersInput, ZUserList, users.listUsers),
  byId: p.byId(users.getUser),
  /** With a password: a usable account. Without: an invitation e-mail with a link to choose one. */
  create: p.mutation('create', ZCreateUserInput, (ctx, input) => users.createUser(ctx, input, links(ctx))),
  update: p.mutation('update', ZUpdateUserInput, users.updateUser),
  activate: p.byIdMutation('update', users.activateUser),
  deactivate: p.byIdMutation('update', users.deactivateUser),
  resetPassword: abilityProcedure('update', 'User')
    .input(ZAdminResetPasswordInput)
    .output(ZAdminResetPasswordResult)
    .mutation(({ ctx, input }) => users.adminResetPassword(ctx, input, links(ctx))),
  delete: p.delete(users.deleteUser),
});
