// Licenses: a customer's right to use Opsdesk for a period, for a number of active users (seats).
// superadmin manages; admin and businessadmin read their own customer's. Status is derived in SQL.
// Rules: periods of a customer's non-revoked licenses never overlap; active users never exceed the
// seats of the license in force; without one only the customer's admins can sign in (sign-in policy).
// Depends on customers (its parent); users call this service for seats, so this one reads the users
// table itself (active user counts) and calls no users or teams code. Sign-in calls assertSignInLicensed.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import type { Role } from '../../../../shared/constants/roles.ts';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateLicenseInput,
  TCurrentLicense,
  TCurrentLicenseInput,
  TLicense,
  TLicenseStatus,
  TListLicensesInput,
  TRevokeLicenseInput,
  TUpdateLicenseInput,
} from '../../../../shared/schemas/licenses.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  countsById,
  defineListing,
  equalsFilter,
  iterateListing,
  type ListingFilter,
  listById,
  listOne,
  listPage,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { assertCurrent, lockRecord } from '../../../lib/records.ts';
import { conditionsFilter, findInTenant, targetCustomerId, tenantFilter, withTransaction } from '../../../lib/scope.ts';
import { requireCustomer } from '../customers/customers.service.ts';
import { License } from './license.entity.ts';

/** The derived status of the license `l`, in SQL. */
const statusOfL = sql<TLicenseStatus>`(case when l.revoked_at is not null then 'revoked' when l.starts_at > now() then 'scheduled' when l.expires_at <= now() then 'expired' else 'active' end)`;

/** The license `l` is in force now. */
const inForceL = sql<SqlBool>`(l.revoked_at is null and l.starts_at <= now() and l.expires_at > now())`;

export function licenseStatus(
  l: { startsAt: Date; expiresAt: Date; revokedAt?: Date | null },
  now = new Date(),
): TLicenseStatus {
  if (l.revokedAt) return 'revoked';
  if (l.startsAt > now) return 'scheduled';
  if (l.expiresAt <= now) return 'expired';
  return 'active';
}

export const licenseListing = defineListing({
  source: (db) =>
    listSource(db.selectFrom('licenses as l').innerJoin('customers as c', 'c.id', 'l.customer_id'), {
      id: 'l.id',
      select: (qb) =>
        qb.select([
          'l.id',
          'l.version',
          'l.key',
          'l.customer_id',
          'c.code as customer_code',
          'c.name as customer_name',
          'l.plan',
          'l.seats',
          'l.modules',
          'l.starts_at',
          'l.expires_at',
          'l.revoked_at',
          'l.revoke_reason',
          statusOfL.as('status'),
          'l.created_at',
          'l.updated_at',
        ]),
      search: ['l.key', 'c.code', 'c.name'],
      sorts: {
        startsAt: 'l.starts_at',
        expiresAt: 'l.expires_at',
        seats: 'l.seats',
        plan: 'l.plan',
        customer: 'c.code',
        createdAt: 'l.created_at',
      },
      defaultDirection: 'desc',
    }),
  map: (r): TLicense => ({
    id: r.id,
    version: r.version,
    key: r.key,
    customer: { id: r.customer_id, code: r.customer_code, name: r.customer_name },
    plan: r.plan,
    seats: r.seats,
    modules: r.modules,
    startsAt: toDate(r.starts_at),
    expiresAt: toDate(r.expires_at),
    revokedAt: toDateOrNull(r.revoked_at),
    revokeReason: r.revoke_reason,
    status: r.status,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

type LicenseFilter = ListingFilter<typeof licenseListing>;

function scope(ctx: AuthedContext): LicenseFilter[] {
  return [
    tenantFilter(ctx, 'l.customer_id'),
    conditionsFilter(ctx, 'read', 'License', { customerId: 'l.customer_id' }),
  ];
}

function listFilters(ctx: AuthedContext, input: Omit<TListLicensesInput, 'page' | 'itemsPerPage'>): LicenseFilter[] {
  return [
    ...scope(ctx),
    equalsFilter('l.customer_id', input.customerId),
    equalsFilter('l.plan', input.plan),
    input.status && sql<SqlBool>`${statusOfL} = ${input.status}`,
  ];
}

/** Newest first unless the caller names a sort. */
function sorted(input: TListLicensesInput) {
  return { ...input, sortBy: input.sortBy ?? 'startsAt', orderBy: input.sortBy ? input.orderBy : ('desc' as const) };
}

export async function listLicenses(ctx: ServiceContext, input: TListLicensesInput) {
  authorize(ctx, 'read', 'License');
  return listPage(ctx.em, licenseListing, listFilters(ctx, input), sorted(input));
}

export async function* iterateLicenses(ctx: ServiceContext, input: TListLicensesInput) {
  authorize(ctx, 'read', 'License');
  yield* iterateListing(ctx.em, licenseListing, listFilters(ctx, input), sorted(input));
}

export async function getLicense(ctx: ServiceContext, id: number): Promise<TLicense> {
  authorize(ctx, 'read', 'License');
  return listById(ctx.em, licenseListing, id, scope(ctx), 'License');
}

/** The license in force for the caller's customer (superadmin: the one named) and the seats used. */
export async function currentLicense(ctx: ServiceContext, input: TCurrentLicenseInput): Promise<TCurrentLicense> {
  authorize(ctx, 'read', 'License');
  const customerId = targetCustomerId(ctx, input.customerId);
  if (tenantId(ctx) === null) await requireCustomer(ctx.em, customerId);
  const license = await listOne(ctx.em, licenseListing, [
    sql<SqlBool>`l.customer_id = ${customerId}`,
    inForceL,
    ...scope(ctx),
  ]);
  const used = await countActiveUsersByCustomer(ctx.em, [customerId]);
  return { customerId, license, usedSeats: used.get(customerId) ?? 0 };
}

/* ------------------------------------------------------------------ for other domains */

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
async function lockCustomer(em: EntityManager, customerId: number): Promise<{ code: string }> {
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
  if (!license) {
    throw new AppError(
      'CONFLICT',
      `${customer.code} has no active license, so no user can be made active. Add or renew the license first.`,
    );
  }
  const used = (await countActiveUsersByCustomer(em, [customerId])).get(customerId) ?? 0;
  if (used + adding > license.seats) {
    throw new AppError(
      'CONFLICT',
      `All ${license.seats} seats of ${customer.code}'s license are taken (${used} active users). Deactivate a user or extend the license first.`,
    );
  }
}

/* ------------------------------------------------------------------ sign-in */

export const NO_LICENSE_MESSAGE =
  'Your organisation has no active license, so only its administrators can sign in. Ask your administrator to renew it.';

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
    throw new AppError('BAD_REQUEST', NO_LICENSE_MESSAGE, { email: [NO_LICENSE_MESSAGE] });
}

/* ------------------------------------------------------------------ mutations (superadmin) */

const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random license key such as ODK-7KQ2-M9XD-4TNB-P3HW. */
export function newLicenseKey(): string {
  const bytes = crypto.randomBytes(16);
  const chars = [...bytes].map((b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');
  return `ODK-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}-${chars.slice(12, 16)}`;
}

async function assertNoOverlap(
  em: EntityManager,
  customerId: number,
  startsAt: Date,
  expiresAt: Date,
  exceptId?: number,
): Promise<void> {
  let query = db(em)
    .selectFrom('licenses as l')
    .select(['l.key', 'l.starts_at', 'l.expires_at'])
    .where('l.customer_id', '=', customerId)
    .where('l.revoked_at', 'is', null)
    .where('l.starts_at', '<', expiresAt)
    .where('l.expires_at', '>', startsAt);
  if (exceptId) query = query.where('l.id', '<>', exceptId);
  const clash = await query.limit(1).executeTakeFirst();
  if (clash) {
    const day = (d: Date | string) => toDate(d).toISOString().slice(0, 10);
    const message = `This period overlaps license ${clash.key} (${day(clash.starts_at)} to ${day(clash.expires_at)}); revoke it or change the dates`;
    throw new AppError('CONFLICT', message, { startsAt: [message] });
  }
}

/** When the license will be in force now, its seats must cover the customer's active users. */
async function assertSeatsCoverActiveUsers(em: EntityManager, customerId: number, seats: number): Promise<void> {
  const used = (await countActiveUsersByCustomer(em, [customerId])).get(customerId) ?? 0;
  if (seats < used) {
    const message = `The customer has ${used} active users; the license needs at least ${used} seats (or deactivate users first)`;
    throw new AppError('CONFLICT', message, { seats: [message] });
  }
}

function snapshot(l: License) {
  return {
    key: l.key,
    plan: l.plan,
    seats: l.seats,
    modules: l.modules,
    startsAt: l.startsAt,
    expiresAt: l.expiresAt,
    revokedAt: l.revokedAt,
    revokeReason: l.revokeReason,
  };
}

export async function createLicense(ctx: ServiceContext, input: TCreateLicenseInput): Promise<TLicense> {
  authorize(ctx, 'create', 'License');
  const id = await withTransaction(ctx, async (tx) => {
    const customerId = targetCustomerId(tx, input.customerId);
    await requireCustomer(tx.em, customerId);
    await lockCustomer(tx.em, customerId);
    await assertNoOverlap(tx.em, customerId, input.startsAt, input.expiresAt);
    if (licenseStatus({ ...input, revokedAt: null }) === 'active')
      await assertSeatsCoverActiveUsers(tx.em, customerId, input.seats);
    const license = tx.em.create(License, {
      customer: customerId,
      key: newLicenseKey(),
      plan: input.plan,
      seats: input.seats,
      modules: input.modules,
      startsAt: input.startsAt,
      expiresAt: input.expiresAt,
      revokedAt: null,
      revokeReason: null,
    });
    await tx.em.flush();
    recordAudit(tx, {
      action: 'create',
      entityType: 'License',
      entityId: license.id,
      customerId,
      changes: snapshot(license),
    });
    return license.id;
  });
  return getLicense(ctx, id);
}

function loadForWrite(tx: AuthedContext, id: number): Promise<License> {
  return findInTenant(tx, License, id, 'License');
}

export async function updateLicense(ctx: ServiceContext, input: TUpdateLicenseInput): Promise<TLicense> {
  authorize(ctx, 'update', 'License');
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, License, input.id);
    const license = await loadForWrite(tx, input.id);
    assertCurrent(license, input.version, 'License');
    const status = licenseStatus(license);
    if (status === 'revoked' || status === 'expired') {
      throw new AppError(
        'CONFLICT',
        `This license is ${status}; it is kept as history and cannot change. Create a new one instead.`,
      );
    }
    const customerId = license.customer.id;
    await lockCustomer(tx.em, customerId);
    const before = snapshot(license);
    const { id: _id, version: _version, ...patch } = input;
    const next = {
      startsAt: license.startsAt,
      expiresAt: license.expiresAt,
      seats: license.seats,
      ...definedOnly(patch),
    };
    if (next.expiresAt <= next.startsAt) {
      throw new AppError('BAD_REQUEST', 'The license must expire after it starts', {
        expiresAt: ['The license must expire after it starts'],
      });
    }
    await assertNoOverlap(tx.em, customerId, next.startsAt, next.expiresAt, license.id);
    if (licenseStatus({ ...next, revokedAt: null }) === 'active')
      await assertSeatsCoverActiveUsers(tx.em, customerId, next.seats);
    tx.em.assign(license, definedOnly(patch));
    recordUpdate(tx, { entityType: 'License', entityId: license.id, customerId }, before, snapshot(license));
  });
  return getLicense(ctx, input.id);
}

export async function revokeLicense(ctx: ServiceContext, input: TRevokeLicenseInput): Promise<TLicense> {
  authorize(ctx, 'update', 'License');
  await withTransaction(ctx, async (tx) => {
    const license = await loadForWrite(tx, input.id);
    if (license.revokedAt) throw new AppError('CONFLICT', 'This license is already revoked');
    license.revokedAt = new Date();
    license.revokeReason = input.reason;
    recordAudit(tx, {
      action: 'revoke',
      entityType: 'License',
      entityId: license.id,
      customerId: license.customer.id,
      changes: { reason: input.reason },
    });
  });
  return getLicense(ctx, input.id);
}

/** Only a license that never took effect (scheduled) can be deleted; others are history (revoke instead). */
export async function deleteLicense(ctx: ServiceContext, id: number): Promise<TDeleted> {
  authorize(ctx, 'delete', 'License');
  await withTransaction(ctx, async (tx) => {
    const license = await loadForWrite(tx, id);
    const status = licenseStatus(license);
    if (status !== 'scheduled') {
      throw new AppError(
        'CONFLICT',
        `This license is ${status} and is kept as history; only a license that has not started can be deleted. Revoke it instead.`,
      );
    }
    recordAudit(tx, {
      action: 'delete',
      entityType: 'License',
      entityId: id,
      customerId: license.customer.id,
      changes: snapshot(license),
    });
    tx.em.remove(license);
  });
  return { id, deleted: true };
}
