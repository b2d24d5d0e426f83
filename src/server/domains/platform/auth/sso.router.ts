import { ZSsoConfig, ZSsoGetInput, ZSsoUpdateInput } from '../../../../shared/schemas/sso.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as sso from './sso.service.ts';

/** Only the roles that manage single sign-on get past this, before any input is parsed (401, 403, 400). */
const ssoManagers = authedProcedure.use(({ ctx, next }) => {
  if (!(sso.SSO_MANAGERS as readonly string[]).includes(ctx.user.role)) {
    throw new AppError('FORBIDDEN', 'common.forbidden', { action: 'update', record: 'Customer' });
  }
  return next();
});

export const ssoRouter = router({
  get: ssoManagers
    .input(ZSsoGetInput)
    .output(ZSsoConfig)
    .query(({ ctx, input }) => sso.getSso(ctx, input)),
  update: ssoManagers
    .input(ZSsoUpdateInput)
    .output(ZSsoConfig)
    .mutation(({ ctx, input }) => sso.updateSso(ctx, input)),
});
