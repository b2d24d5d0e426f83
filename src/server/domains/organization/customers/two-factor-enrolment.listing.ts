// Who of a customer has a second factor (customers.twoFactorEnrolment): each person with their role,
// whether an authenticator app is on, how many passkeys they have, and whether the customer's policy
// covers them, read in one SQL page like the other lists. The policy's owners read it: superadmin for
// the customer they name, a customer's admin for their own (another customer is NOT_FOUND).
import { type SqlBool, sql } from 'kysely';
import type { TTwoFactorEnrolment, TTwoFactorEnrolmentInput } from '../../../../shared/schemas/customers.ts';
import { TWO_FACTOR_ADMIN_ROLES } from '../../../../shared/schemas/two-factor.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { requireUser } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { defineListing, listPage, listSource } from '../../../lib/list/index.ts';

const totpOn = sql<boolean>`exists (select 1 from user_totp t where t.user_id = u.id and t.enabled_at is not null)`;
const passkeyCount = sql<number>`(select count(*)::int from passkeys k where k.user_id = u.id)`;
const enrolled = sql<boolean>`(${totpOn} or exists (select 1 from passkeys k where k.user_id = u.id))`;
const adminRoles = sql.join(TWO_FACTOR_ADMIN_ROLES.map((r) => sql.lit(r)));
const covered = sql<boolean>`(c.two_factor_policy = 'everyone' or (c.two_factor_policy = 'admins' and u.role in (${adminRoles})))`;

export const twoFactorEnrolmentListing = defineListing({
  source: (db) =>
    listSource(db.selectFrom('users as u').innerJoin('customers as c', 'c.id', 'u.customer_id'), {
      id: 'u.id',
      select: (qb) =>
        qb.select([
          'u.id',
          'u.full_name',
          'u.email',
          'u.role',
          'u.status',
          totpOn.as('totp'),
          passkeyCount.as('passkeys'),
          enrolled.as('enrolled'),
          covered.as('covered'),
        ]),
      search: ['u.full_name', 'u.email'],
      sorts: {
        fullName: 'u.full_name',
        email: 'u.email',
        role: 'u.role',
        enrolled,
      },
    }),
  map: (r): TTwoFactorEnrolment => ({
    id: r.id,
    fullName: r.full_name,
    email: r.email,
    role: r.role,
    status: r.status,
    totp: r.totp,
    passkeys: r.passkeys,
    enrolled: r.enrolled,
    covered: r.covered,
  }),
});

/**
 * customers.twoFactorEnrolment: one page of the customer's people and their second factors. Throws
 * FORBIDDEN (not superadmin or admin), BAD_REQUEST (superadmin without `customerId`), NOT_FOUND.
 */
export async function listTwoFactorEnrolment(
  ctx: ServiceContext,
  input: TTwoFactorEnrolmentInput,
): Promise<{ items: TTwoFactorEnrolment[]; total: number }> {
  requireUser(ctx);
  if (ctx.user.role !== 'superadmin' && ctx.user.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'common.forbidden', { action: 'read', record: 'Customer' });
  }
  const customerId = ctx.user.customerId ?? input.customerId;
  if (customerId === undefined || customerId === null) {
    throw new AppError('BAD_REQUEST', 'customers.customerRequired', {}, { customerId: 'customers.customerRequired' });
  }
  if (input.customerId !== undefined && input.customerId !== customerId) throw notFound('Customer');
  const { customerId: _c, enrolled: wanted, ...args } = input;
  return listPage(
    ctx.em,
    twoFactorEnrolmentListing,
    [
      sql<SqlBool>`u.customer_id = ${customerId}`,
      wanted === undefined ? undefined : sql<SqlBool>`${enrolled} = ${wanted}`,
    ],
    { ...args, sortBy: args.sortBy ?? 'fullName' },
  );
}
