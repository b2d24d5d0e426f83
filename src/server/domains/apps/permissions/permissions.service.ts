// Permissions demo app: the sample permissions, searched, sorted and paged in SQL (`read DemoApp`);
// created, renamed, reassigned and deleted with `manage DemoApp` (issue 14). Names are unique per copy.
import type { EntityManager } from '@mikro-orm/postgresql';
import { expressionBuilder, type Kysely, sql } from 'kysely';
import type { ListResult, TByIdInput } from '../../../../shared/schemas/common.ts';
import type {
  TCreatePermissionInput,
  TListPermissionsInput,
  TPermissionRow,
  TUpdatePermissionInput,
} from '../../../../shared/schemas/permissions.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { listSource, runList } from '../../../lib/list.ts';
import { staleRecord } from '../../../lib/records.ts';
import { copiedColumns, copySampleRows, openTenantCopy, type TenantCopy } from '../provision/demo-provision.service.ts';
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

/** Permissions matching q (name or assigned role), sorted by name or id, paged. */
export async function listPermissions(
  ctx: ServiceContext,
  input: TListPermissionsInput,
): Promise<ListResult<TPermissionRow>> {
  const copy = await openPermissions(ctx);
  const { rows, total } = await runList(permissionSource(kyselyOf(copy.ctx.em), copy.tenant), input);
  return { items: rows, total };
}

const openPermissions = (ctx: ServiceContext, action: 'read' | 'manage' = 'read') =>
  openTenantCopy(ctx, action, 'permissions', copySampleDemoPermissions);

function toRow(p: DemoPermission): TPermissionRow {
  return {
    id: p.id,
    name: p.name,
    assignedTo: p.assignedTo,
    createdDate: p.createdDate.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    version: p.version,
  };
}

/** CONFLICT naming `name` when another permission of the copy has it (case ignored). */
async function assertFreeName(copy: TenantCopy, name: string, except?: number): Promise<void> {
  const taken = await kyselyOf(copy.ctx.em)
    .selectFrom('demo_permissions')
    .select('id')
    .where('tenant_id', '=', copy.tenant)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .$if(except !== undefined, (qb) => qb.where('id', '<>', except!))
    .executeTakeFirst();
  if (taken)
    throw new AppError('CONFLICT', `A permission named "${name}" already exists`, {
      name: ['Another permission has this name'],
    });
}

const distinctRoles = <T>(roles: readonly T[]) => [...new Set(roles)];

export async function createPermission(ctx: ServiceContext, input: TCreatePermissionInput): Promise<TPermissionRow> {
  const copy = await openPermissions(ctx, 'manage');
  await assertFreeName(copy, input.name);
  const permission = copy.ctx.em.create(DemoPermission, {
    tenant: copy.tenant,
    name: input.name,
    assignedTo: distinctRoles(input.assignedTo),
    createdDate: new Date(),
  });
  await copy.ctx.em.flush();
  return toRow(permission);
}

async function loadPermission(copy: TenantCopy, id: number): Promise<DemoPermission> {
  const permission = await copy.ctx.em.findOne(DemoPermission, { id, tenant: copy.tenant });
  if (!permission) throw new AppError('NOT_FOUND', 'Permission not found');
  return permission;
}

/** Rename or reassign; CONFLICT when `version` is given and the permission changed since. */
export async function updatePermission(ctx: ServiceContext, input: TUpdatePermissionInput): Promise<TPermissionRow> {
  const copy = await openPermissions(ctx, 'manage');
  const permission = await loadPermission(copy, input.id);
  if (input.version !== undefined && permission.version !== input.version) throw staleRecord('Permission');
  await assertFreeName(copy, input.name, permission.id);
  permission.name = input.name;
  permission.assignedTo = distinctRoles(input.assignedTo);
  await copy.ctx.em.flush();
  return toRow(permission);
}

export async function deletePermission(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  const copy = await openPermissions(ctx, 'manage');
  const removed = await copy.ctx.em.nativeDelete(DemoPermission, { id: input.id, tenant: copy.tenant });
  if (removed === 0) throw new AppError('NOT_FOUND', 'Permission not found');
}
