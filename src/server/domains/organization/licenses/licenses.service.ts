// Licenses: a customer's right to use Opsdesk for a period, for a number of active users (seats).
// superadmin manages; admin and businessadmin read their own customer's. Status is derived in SQL.
// Rules: periods of a customer's non-revoked licenses never overlap; active users never exceed the
// seats of the license in force; without one only the customer's admins can sign in (sign-in policy).
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
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
import { AppError } from '../../../lib/app-error.ts';
import { authorize, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { defineListing, iterateListing, listById, listOne, listPage, rowDate, rowDateOrNull } from '../../../lib/listing.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { plural, registerCustomerRecords } from '../../../lib/references.ts';
import { columnMatches, conditionsSql, findInTenant, targetCustomerId, tenantSql, withTransaction } from '../../../lib/scope.ts';
import { notFound } from '../../../lib/app-error.ts';
import { equalsFilter, execSql, raw, sql, tableOf, type Sql } from '../../../lib/sql-list.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { signInPolicies } from '../../platform/auth/sign-in-policy.ts';
import { requireCustomer } from '../customers/customers.service.ts';
import { countActiveUsersByCustomer } from '../users/users.service.ts';
import { License } from './license.entity.ts';

/** The derived status as a SQL expression over the alias `l`. */
function statusSql(l: ReturnType<typeof tableOf<License>>): Sql {
  return sql`(case when ${l.col('revokedAt')} is not null then 'revoked' when ${l.col('startsAt')} > now() then 'scheduled' when ${l.col('expiresAt')} <= now() then 'expired' else 'active' end)`;
}

/** `l` is in force now. */
function activeSql(l: ReturnType<typeof tableOf<License>>): Sql {
  return sql`(${l.col('revokedAt')} is null and ${l.col('startsAt')} <= now() and ${l.col('expiresAt')} > now())`;
}

export function licenseStatus(l: { startsAt: Date; expiresAt: Date; revokedAt?: Date | null }, now = new Date()): TLicenseStatus {
  if (l.revokedAt) return 'revoked';
  if (l.startsAt > now) return 'scheduled';
  if (l.expiresAt <= now) return 'expired';
  return 'active';
}

export const licenseListing = defineListing({
  source: (em: EntityManager) => {
    const l = tableOf(em, License, 'l');
    const customers = raw('"customers" "c"');
    return {
      from: sql`${l.from} join ${customers} on "c"."id" = ${l.col('customer')}`,
      id: l.col('id'),
      select: {
        id: l.col('id'),
        key: l.col('key'),
        customerId: l.col('customer'),
        customerCode: raw('"c"."code"'),
        customerName: raw('"c"."name"'),
        plan: l.col('plan'),
        seats: l.col('seats'),
        modules: l.col('modules'),
        startsAt: l.col('startsAt'),
        expiresAt: l.col('expiresAt'),
        revokedAt: l.col('revokedAt'),
        revokeReason: l.col('revokeReason'),
        status: statusSql(l),
        createdAt: l.col('createdAt'),
        updatedAt: l.col('updatedAt'),
      },
      search: [l.col('key'), raw('"c"."code"'), raw('"c"."name"')],
      sorts: {
        startsAt: l.col('startsAt'),
        expiresAt: l.col('expiresAt'),
        seats: l.col('seats'),
        plan: l.col('plan'),
        customer: raw('"c"."code"'),
        createdAt: l.col('createdAt'),
      },
      defaultDirection: 'desc' as const,
    };
  },
  map: (r): TLicense => ({
    id: r.id as number,
    key: r.key as string,
    customer: { id: r.customerId as number, code: r.customerCode as string, name: r.customerName as string },
    plan: r.plan as TLicense['plan'],
    seats: r.seats as number,
    modules: r.modules as TLicense['modules'],
    startsAt: rowDate(r.startsAt),
    expiresAt: rowDate(r.expiresAt),
    revokedAt: rowDateOrNull(r.revokedAt),
    revokeReason: r.revokeReason as string | null,
    status: r.status as TLicenseStatus,
    createdAt: rowDate(r.createdAt),
    updatedAt: rowDate(r.updatedAt),
  }),
});

function scope(ctx: AuthedContext, action: 'read' = 'read'): (Sql | undefined)[] {
  const l = tableOf(ctx.em, License, 'l');
  return [tenantSql(ctx, l.col('customer')), conditionsSql(ctx, action, 'License', { customerId: columnMatches(l.col('customer')) })];
}

function listFilters(ctx: AuthedContext, input: Omit<TListLicensesInput, 'page' | 'itemsPerPage'>): (Sql | undefined)[] {
  const l = tableOf(ctx.em, License, 'l');
  return [
    ...scope(ctx),
    equalsFilter(l.col('customer'), input.customerId),
    input.plan ? sql`${l.col('plan')} = ${input.plan}` : undefined,
    input.status ? sql`${statusSql(l)} = ${input.status}` : undefined,
  ];
}

export async function listLicenses(ctx: ServiceContext, input: TListLicensesInput) {
  authorize(ctx, 'read', 'License');
  return listPage(ctx.em, licenseListing, listFilters(ctx, input), { ...input, sortBy: input.sortBy ?? 'startsAt', orderBy: input.sortBy ? input.orderBy : 'desc' });
}

export async function* iterateLicenses(ctx: ServiceContext, input: TListLicensesInput) {
  authorize(ctx, 'read', 'License');
  yield* iterateListing(ctx.em, licenseListing, listFilters(ctx, input), { ...input, sortBy: input.sortBy ?? 'startsAt', orderBy: input.sortBy ? input.orderBy : 'desc' });
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
  const l = tableOf(ctx.em, License, 'l');
  const license = await listOne(ctx.em, licenseListing, [sql`${l.col('customer')} = ${customerId}`, activeSql(l), ...scope(ctx)]);
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
  const l = tableOf(em, License, 'l');
  const rows = await execSql<{ id: number; customerId: number; plan: string; seats: number; expiresAt: Date }>(
    em,
    sql`select distinct on (${l.col('customer')}) ${l.col('id')} as "id", ${l.col('customer')} as "customerId", ${l.col('plan')} as "plan", ${l.col('seats')} as "seats", ${l.col('expiresAt')} as "expiresAt"
        from ${l.from} where ${l.col('customer')} = any(${customerIds}) and ${activeSql(l)}
        order by ${l.col('customer')}, ${l.col('startsAt')} desc`,
  );
  return new Map(rows.map((r) => [r.customerId, { id: r.id, plan: r.plan, seats: r.seats, expiresAt: rowDate(r.expiresAt) }]));
}

/**
 * Refuse (CONFLICT) when `adding` more active users would exceed the seats of the customer's license
 * in force, or when none is in force. Call inside the transaction that adds them: it locks the
 * customer row, so two concurrent additions cannot both take the last seat.
 */
export async function assertSeatsAvailable(em: EntityManager, customerId: number, adding = 1): Promise<void> {
  const [customer] = await execSql<{ code: string }>(em, sql`select "code" from "customers" where "id" = ${customerId} for update`);
  if (!customer) throw notFound('Customer');
  const license = (await activeLicenseSummaries(em, [customerId])).get(customerId);
  if (!license) {
    throw new AppError('CONFLICT', `${customer.code} has no active license, so no user can be made active. Add or renew the license first.`);
  }
  const used = (await countActiveUsersByCustomer(em, [customerId])).get(customerId) ?? 0;
  if (used + adding > license.seats) {
    throw new AppError(
      'CONFLICT',
      `All ${license.seats} seats of ${customer.code}'s license are taken (${used} active users). Deactivate a user or extend the license first.`,
    );
  }
}

/* ------------------------------------------------------------------ sign-in policy */

export const NO_LICENSE_MESSAGE =
  'Your organisation has no active license, so only its administrators can sign in. Ask your administrator to renew it.';

signInPolicies.push(async (em, user) => {
  if (!user.customer || user.role === 'admin') return;
  const active = await activeLicenseSummaries(em, [user.customer.id]);
  if (!active.has(user.customer.id)) throw new AppError('BAD_REQUEST', NO_LICENSE_MESSAGE, { email: [NO_LICENSE_MESSAGE] });
});

/* ------------------------------------------------------------------ mutations (superadmin) */

const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random license key such as ODK-7KQ2-M9XD-4TNB-P3HW. */
export function newLicenseKey(): string {
  const bytes = crypto.randomBytes(16);
  const chars = [...bytes].map((b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');
  return `ODK-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}-${chars.slice(12, 16)}`;
}

async function assertNoOverlap(em: EntityManager, customerId: number, startsAt: Date, expiresAt: Date, exceptId?: number): Promise<void> {
  const l = tableOf(em, License, 'l');
  const rows = await execSql<{ key: string; startsAt: Date; expiresAt: Date }>(
    em,
    sql`select ${l.col('key')} as "key", ${l.col('startsAt')} as "startsAt", ${l.col('expiresAt')} as "expiresAt" from ${l.from}
        where ${l.col('customer')} = ${customerId} and ${l.col('revokedAt')} is null
          and ${l.col('startsAt')} < ${expiresAt} and ${l.col('expiresAt')} > ${startsAt}
          ${exceptId ? sql`and ${l.col('id')} <> ${exceptId}` : raw('')}
        limit 1`,
  );
  if (rows.length) {
    const r = rows[0];
    const message = `This period overlaps license ${r.key} (${rowDate(r.startsAt).toISOString().slice(0, 10)} to ${rowDate(r.expiresAt).toISOString().slice(0, 10)}); revoke it or change the dates`;
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
    await execSql(tx.em, sql`select 1 from "customers" where "id" = ${customerId} for update`);
    await assertNoOverlap(tx.em, customerId, input.startsAt, input.expiresAt);
    if (licenseStatus({ ...input, revokedAt: null }) === 'active') await assertSeatsCoverActiveUsers(tx.em, customerId, input.seats);
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
    recordAudit(tx, { action: 'create', entityType: 'License', entityId: license.id, customerId, changes: snapshot(license) });
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
    const license = await loadForWrite(tx, input.id);
    const status = licenseStatus(license);
    if (status === 'revoked' || status === 'expired') {
      throw new AppError('CONFLICT', `This license is ${status}; it is kept as history and cannot change. Create a new one instead.`);
    }
    const customerId = license.customer.id;
    await execSql(tx.em, sql`select 1 from "customers" where "id" = ${customerId} for update`);
    const before = snapshot(license);
    const { id: _id, ...patch } = input;
    const next = { startsAt: license.startsAt, expiresAt: license.expiresAt, seats: license.seats, ...definedOnly(patch) };
    if (next.expiresAt <= next.startsAt) {
      throw new AppError('BAD_REQUEST', 'The license must expire after it starts', { expiresAt: ['The license must expire after it starts'] });
    }
    await assertNoOverlap(tx.em, customerId, next.startsAt, next.expiresAt, license.id);
    if (licenseStatus({ ...next, revokedAt: null }) === 'active') await assertSeatsCoverActiveUsers(tx.em, customerId, next.seats);
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
    recordAudit(tx, { action: 'revoke', entityType: 'License', entityId: license.id, customerId: license.customer.id, changes: { reason: input.reason } });
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
      throw new AppError('CONFLICT', `This license is ${status} and is kept as history; only a license that has not started can be deleted. Revoke it instead.`);
    }
    recordAudit(tx, { action: 'delete', entityType: 'License', entityId: id, customerId: license.customer.id, changes: snapshot(license) });
    tx.em.remove(license);
  });
  return { id, deleted: true };
}

registerCustomerRecords(License, plural('license'));
