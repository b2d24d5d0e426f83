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
import type { TrpcContext } from '../../../trpc/context.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as users from './users.service.ts';

/** Links in e-mails point back at the origin the request came to, and go out through that app's outbox. */
function links(ctx: TrpcContext): users.LinkOptions {
  if (!ctx.outbox) throw new Error('users: e-mailed links need the app outbox in the service context');
  return { baseUrl: ctx.origin ?? '', outbox: ctx.outbox };
}

const p = recordProcedures(ZUserDetail);

export const usersRouter = router({
  list: p.list(ZListUsersInput, ZUserList, users.listUsers),
  byId: p.byId(users.getUser),
  /** With a password: a usable account. Without: an invitation e-mail with a link to choose one. */
  create: p.mutation(ZCreateUserInput, (ctx, input) => users.createUser(ctx, input, links(ctx))),
  update: p.mutation(ZUpdateUserInput, users.updateUser),
  activate: p.byIdMutation(users.activateUser),
  deactivate: p.byIdMutation(users.deactivateUser),
  resetPassword: authedProcedure
    .input(ZAdminResetPasswordInput)
    .output(ZAdminResetPasswordResult)
    .mutation(({ ctx, input }) => users.adminResetPassword(ctx, input, links(ctx))),
  delete: p.delete(users.deleteUser),
});
