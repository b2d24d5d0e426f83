// A license's status is derived, never stored: from its dates and revocation, in SQL (lists, filters,
// "in force" checks) and in JS (writes). Edit both together.
import { type SqlBool, sql } from 'kysely';
import type { TLicenseStatus } from '../../../../shared/schemas/licenses.ts';

/** The derived status of the license `l`, in SQL. */
export const statusOfL = sql<TLicenseStatus>`(case when l.revoked_at is not null then 'revoked' when l.starts_at > now() then 'scheduled' when l.expires_at <= now() then 'expired' else 'active' end)`;

/** The license `l` is in force now. */
export const inForceL = sql<SqlBool>`(l.revoked_at is null and l.starts_at <= now() and l.expires_at > now())`;

/** A license's status now, from its dates and revocation (the same rule as `statusOfL`). */
export function licenseStatus(
  l: { startsAt: Date; expiresAt: Date; revokedAt?: Date | null },
  now = new Date(),
): TLicenseStatus {
  if (l.revokedAt) return 'revoked';
  if (l.startsAt > now) return 'scheduled';
  if (l.expiresAt <= now) return 'expired';
  return 'active';
}
