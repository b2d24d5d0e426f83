// Licenses: a customer's right to use Opsdesk for a period, for a number of active users (seats). The
// superadmin manages them; the reads are the listing's (re-exported here). Rules: periods of a customer's
// non-revoked licenses never overlap; the license in force always has seats for the active users.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateLicenseInput,
  TLicense,
  TRevokeLicenseInput,
  TUpdateLicenseInput,
} from '../../../../shared/schemas/licenses.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { toDate } from '../../../lib/list/index.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { assertCurrent, loadForWrite, lockRecord, type RecordSpec } from '../../../lib/records.ts';
import { targetCustomerId, withTransaction } from '../../../lib/scope.ts';
import { requireCustomer } from '../customers/customers.refs.ts';
import { License } from './license.entity.ts';
import { getLicense } from './licenses.listing.ts';
import { countActiveUsersByCustomer, lockCustomer } from './licenses.refs.ts';
import { licenseStatus } from './licenses.status.ts';

export { currentLicense, getLicense, iterateLicenses, listLicenses } from './licenses.listing.ts';

const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random license key such as ODK-7KQ2-M9XD-4TNB-P3HW. */
function newLicenseKey(): string {
  const bytes = crypto.randomBytes(16);
  const chars = [...bytes].map((b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');
  return `ODK-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}-${chars.slice(12, 16)}`;
}

/** CONFLICT (on `startsAt`) when the period overlaps another non-revoked license of the customer. */
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
    const values = { key: clash.key, from: day(clash.starts_at), to: day(clash.expires_at) };
    throw new AppError('CONFLICT', 'licenses.overlap', values, { startsAt: 'licenses.overlap' });
  }
}

/** When the license will be in force now, its seats must cover the customer's active users. */
async function assertSeatsCoverActiveUsers(em: EntityManager, customerId: number, seats: number): Promise<void> {
  const used = (await countActiveUsersByCustomer(em, [customerId])).get(customerId) ?? 0;
  if (seats < used) {
    throw new AppError('CONFLICT', 'licenses.tooFewSeats', { used }, { seats: 'licenses.tooFewSeats' });
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

const records: RecordSpec<License> = { entity: License, subject: 'License', label: 'License' };

/** Why a license that has started cannot be deleted, by its status. */
const DELETE_REFUSED = {
  active: 'licenses.deleteActive',
  expired: 'licenses.deleteExpired',
  revoked: 'licenses.deleteRevoked',
} as const;

/** A revoked or expired license is history: it never changes again (CONFLICT). */
function refuseHistory(license: License): void {
  const status = licenseStatus(license);
  if (status === 'revoked') throw new AppError('CONFLICT', 'licenses.revokedIsHistory');
  if (status === 'expired') throw new AppError('CONFLICT', 'licenses.expiredIsHistory');
}

/** BAD_REQUEST unless the period ends after it starts. */
function assertPeriod(startsAt: Date, expiresAt: Date): void {
  if (expiresAt <= startsAt) {
    throw new AppError('BAD_REQUEST', 'licenses.expiresBeforeStart', {}, { expiresAt: 'licenses.expiresBeforeStart' });
  }
}

/**
 * A new license for a customer (its period may not overlap another's). superadmin only.
 * Throws FORBIDDEN, NOT_FOUND, CONFLICT (overlap, too few seats).
 */
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
  return getLicense(ctx, { id });
}

/**
 * Change a scheduled or active license (revoked and expired ones are history). superadmin only.
 * Throws FORBIDDEN, NOT_FOUND, BAD_REQUEST, CONFLICT (history, overlap, seats, changed since `version`).
 */
export async function updateLicense(ctx: ServiceContext, input: TUpdateLicenseInput): Promise<TLicense> {
  authorize(ctx, 'update', 'License');
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, License, input.id);
    const license = await loadForWrite(tx, records, input.id, 'update');
    assertCurrent(license, input.version, 'License');
    refuseHistory(license);

    const customerId = license.customer.id;
    await lockCustomer(tx.em, customerId);
    const { id: _id, version: _version, ...patch } = input;
    const next = {
      startsAt: license.startsAt,
      expiresAt: license.expiresAt,
      seats: license.seats,
      ...definedOnly(patch),
    };
    assertPeriod(next.startsAt, next.expiresAt);
    await assertNoOverlap(tx.em, customerId, next.startsAt, next.expiresAt, license.id);
    if (licenseStatus({ ...next, revokedAt: null }) === 'active')
      await assertSeatsCoverActiveUsers(tx.em, customerId, next.seats);

    const before = snapshot(license);
    tx.em.assign(license, definedOnly(patch));

    recordUpdate(tx, { entityType: 'License', entityId: license.id, customerId }, before, snapshot(license));
  });
  return getLicense(ctx, input);
}

/** End a license now, with a reason. superadmin only. Throws FORBIDDEN, NOT_FOUND, CONFLICT (already revoked). */
export async function revokeLicense(ctx: ServiceContext, input: TRevokeLicenseInput): Promise<TLicense> {
  authorize(ctx, 'update', 'License');
  await withTransaction(ctx, async (tx) => {
    const license = await loadForWrite(tx, records, input.id, 'update');
    if (license.revokedAt) throw new AppError('CONFLICT', 'licenses.alreadyRevoked');

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
  return getLicense(ctx, input);
}

/**
 * Only a license that never took effect (scheduled) can be deleted; others are history (revoke instead).
 * superadmin only. Throws FORBIDDEN, NOT_FOUND, CONFLICT.
 */
export async function deleteLicense(ctx: ServiceContext, input: { id: number }): Promise<TDeleted> {
  authorize(ctx, 'delete', 'License');
  const { id } = input;
  await withTransaction(ctx, async (tx) => {
    const license = await loadForWrite(tx, records, id, 'delete');
    const status = licenseStatus(license);
    if (status !== 'scheduled') throw new AppError('CONFLICT', DELETE_REFUSED[status]);

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
