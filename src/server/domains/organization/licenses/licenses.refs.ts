// What other domains ask of licenses: the license in force, active users, free seats, sign-in policy.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Role } from '../../../../shared/constants/roles.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { countsById, toDate } from '../../../lib/list/index.ts';
import { inForceL } from './licenses.status.ts';

/** The license in force per customer (id, plan, seats, expiry). */
export async function activeLicenseSummaries(
  em: EntityManager,
  customerIds: number[],
): Promise<Map<number, { id: number; plan: string; seats: number; expiresAt: Date }>> {
  if (!customerIds.length) return new Map();
  const rows = await db(em)
    .selectFrom('licenses as l')
    .distinctOn('l.customer_id')
    .select(['l.id', 'l.customer_id', 'l.plan', 'l.seats', 'l.expires_at'])
    .where('l.customer_id', 'in', customerIds)
    .where(inForceL)
    .orderBy('l.customer_id')
    .orderBy('l.starts_at', 'desc')
    .execute();
  return new Map(
    rows.map((r) => [r.customer_id, { id: r.id, plan: r.plan, seats: r.seats, expiresAt: toDate(r.expires_at) }]),
  );
}

/**
 * Active users per customer: what license seats limit. Users depend on licenses (never the reverse),
 * so the users table is read here, in this context's own SQL.
 */
export async function countActiveUsersByCustomer(
  em: EntityManager,
  customerIds: number[],
): Promise<Map<number, number>> {
  if (!customerIds.length) return new Map();
  const rows = await db(em)
    .selectFrom('users as u')
    .select(['u.customer_id as id', sql<number>`count(*)::int`.as('n')])
    .where('u.customer_id', 'in', customerIds)
    .where('u.status', '=', 'active')
    .groupBy('u.customer_id')
    .execute();
  return countsById(rows);
}

/** Lock the customer's row until the transaction ends (seat and overlap checks); NOT_FOUND when missing. */
export async function lockCustomer(em: EntityManager, customerId: number): Promise<{ code: string }> {
  const customer = await db(em)
    .selectFrom('customers')
    .select('code')
    .where('id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
  if (!customer) throw notFound('Customer');
  return customer;
}

/**
 * Refuse (CONFLICT) when `adding` more active users would exceed the seats of the customer's license
 * in force, or when none is in force. Call inside the transaction that adds them: it locks the
 * customer row, so two concurrent additions cannot both take the last seat.
 */
export async function assertSeatsAvailable(em: EntityManager, customerId: number, adding = 1): Promise<void> {
  const customer = await lockCustomer(em, customerId);
  const license = (await activeLicenseSummaries(em, [customerId])).get(customerId);
  if (!license) throw new AppError('CONFLICT', 'licenses.noActiveLicense', { customer: customer.code });
  const used = (await countActiveUsersByCustomer(em, [customerId])).get(customerId) ?? 0;
  if (used + adding > license.seats)
    throw new AppError('CONFLICT', 'licenses.seatsTaken', { seats: license.seats, customer: customer.code, used });
}

/**
 * For sign-in (platform/auth calls it): a customer's user other than an admin may sign in only while
 * the customer has a license in force. Throws AppError BAD_REQUEST with an `email` field message.
 */
export async function assertSignInLicensed(
  em: EntityManager,
  user: { role: Role; customer?: { id: number } | null },
): Promise<void> {
  if (!user.customer || user.role === 'admin') return;
  const active = await activeLicenseSummaries(em, [user.customer.id]);
  if (!active.has(user.customer.id))
    throw new AppError('BAD_REQUEST', 'licenses.signInWithoutLicense', {}, { email: 'licenses.signInWithoutLicense' });
}
