// Who manages a customer's integrations (API keys, webhooks), and which customer a call is about.
import { AppError } from '../../../lib/app-error.ts';
import { requireUser } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { requireCustomer } from '../../organization/customers/customers.refs.ts';

/** superadmin and admin only, signed in with a session (an API key never manages keys or webhooks). */
export function authorizeIntegrations(ctx: ServiceContext): AuthedContext {
  requireUser(ctx);
  const { role } = ctx.user;
  if ((role !== 'superadmin' && role !== 'admin') || ctx.user.apiKey) {
    throw new AppError('FORBIDDEN', 'integrations.adminsOnly');
  }
  return ctx;
}

/** Whether the caller may reach a record of `customerId` (else it is answered as NOT_FOUND). */
export function reaches(tx: AuthedContext, customerId: number): boolean {
  return tx.user.role === 'superadmin' || tx.user.customerId === customerId;
}

/**
 * Authorizes an integrations call and returns its customer: a superadmin names one (BAD_REQUEST on
 * `customerId` otherwise), an admin acts on their own (another customer's id is NOT_FOUND).
 * Throws UNAUTHORIZED, FORBIDDEN, NOT_FOUND, BAD_REQUEST.
 */
export async function integrationsCustomer(
  ctx: ServiceContext,
  customerId: number | undefined,
): Promise<{ tx: AuthedContext; customerId: number }> {
  const tx = authorizeIntegrations(ctx);
  if (tx.user.role === 'superadmin') {
    if (customerId === undefined)
      throw new AppError('BAD_REQUEST', 'common.chooseCustomer', {}, { customerId: 'common.chooseCustomer' });
    await requireCustomer(tx.em, customerId);
    return { tx, customerId };
  }
  const own = tx.user.customerId;
  if (own === null) throw new AppError('FORBIDDEN', 'common.noCustomer');
  if (customerId !== undefined && customerId !== own)
    throw new AppError('NOT_FOUND', 'common.notFound', { record: 'Customer' });
  return { tx, customerId: own };
}
