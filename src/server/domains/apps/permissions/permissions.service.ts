// Permissions demo app: the sample permissions, searched, sorted and paged in SQL (`read DemoApp`).
import type { EntityManager } from '@mikro-orm/postgresql';
import { expressionBuilder, sql, type Kysely } from 'kysely';
import type { ListResult } from '../../../../shared/schemas/common.ts';
import type { TListPermissionsInput, TPermission } from '../../../../shared/schemas/permissions.ts';
import { db as kyselyOf, type DB } from '../../../db/kysely.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { listSource, runList } from '../../../lib/list.ts';
import { copiedColumns, copySampleRows, openTenantCopy } from '../provision/demo-provision.service.ts';
import { DemoPermission } from './permission.entity.ts';

/** Copies the samples to demo tenant `tenant` (each customer, and the platform, has its own copy). */
export async function copySampleDemoPermissions(em: EntityManager, tenant: number): Promise<void> {
  await copySampleRows(em, 'demo_permissions', tenant, copiedColumns(em, DemoPermission));
}

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
        sql<string>`to_char(${eb.ref('p.created_date')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createdDate'),
      ]),
    // q matches the permission's name or one of its roles.
    search: ['p.name', sql<string>`array_to_string(${eb.ref('p.assigned_to')}, ' ')`],
    sorts: { name: sql<string>`lower(${eb.ref('p.name')}) collate "C"` },
  });
}

/** Permissions matching q (name or assigned role), sorted by name or id, paged. */
export async function listPermissions(ctx: ServiceContext, input: TListPermissionsInput): Promise<ListResult<TPermission>> {
  const copy = await openTenantCopy(ctx, 'read', 'permissions', copySampleDemoPermissions);
  const { rows, total } = await runList(permissionSource(kyselyOf(copy.ctx.em), copy.tenant), input);
  return { items: rows, total };
}
