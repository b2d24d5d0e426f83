// Reads of the permissions demo app: the caller's copy of the sample permissions (each customer, and
// the platform, has its own, made on first use), listed with search, sort and paging in SQL, and its CSV rows.
import type { EntityManager } from '@mikro-orm/postgresql';
import { expressionBuilder, type Kysely, sql } from 'kysely';
import type { TListPermissionsInput, TPermissionRow } from '../../../../shared/schemas/permissions.ts';
import type { DB } from '../../../db/kysely.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { defineListing, listSource, scopedListingReads } from '../../../lib/list/index.ts';
import { copiedColumns, copySampleRows, openTenantCopy, type TenantCopy } from '../provision/demo-provision.service.ts';
import { DemoPermission } from './permission.entity.ts';

/** Copies the samples to demo tenant `tenant`. */
export async function copySampleDemoPermissions(em: EntityManager, tenant: number): Promise<void> {
  await copySampleRows(em, 'demo_permissions', tenant, copiedColumns(em, DemoPermission));
}

/**
 * Authorizes `action` on DemoApp (FORBIDDEN otherwise: reading needs `read`, writing `manage`); the
 * caller's copy of the permissions (made on first use).
 */
export const openPermissions = (ctx: ServiceContext, action: 'read' | 'manage' = 'read'): Promise<TenantCopy> =>
  openTenantCopy(ctx, action, 'permissions', copySampleDemoPermissions);

export function permissionSource(db: Kysely<DB>, tenant: number) {
  const from = db.selectFrom('demo_permissions as p').where('p.tenant_id', '=', tenant);
  const eb = expressionBuilder(from);
  return listSource(from, {
    id: 'p.id',
    select: (qb) =>
      qb.select([
        'p.id',
        'p.name',
        'p.assigned_to as assignedTo',
        sql<string>`to_char(${eb.ref('p.created_date')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as(
          'createdDate',
        ),
        'p.version',
      ]),
    // q matches the permission's name or one of its roles.
    search: ['p.name', sql<string>`array_to_string(${eb.ref('p.assigned_to')}, ' ')`],
    sorts: { name: sql<string>`lower(${eb.ref('p.name')}) collate "C"` },
  });
}

/** The permissions of demo tenant `tenant`'s copy. */
export const permissionListing = (tenant: number) =>
  defineListing({ source: (db) => permissionSource(db, tenant), map: (r): TPermissionRow => r });

/** Permissions matching q (name or assigned role), sorted by name or id, paged (or every match, for the CSV). */
export const { list: listPermissions, iterate: iteratePermissions } = scopedListingReads(
  permissionListing,
  async (ctx, _input: TListPermissionsInput) => {
    const copy = await openPermissions(ctx);
    return { em: copy.ctx.em, scope: copy.tenant, where: [] };
  },
);
