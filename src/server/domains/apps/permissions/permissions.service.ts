// Writes of the permissions demo app: create, rename / reassign and delete a permission of the
// caller's copy, for callers who may manage DemoApp. Names are unique per copy (case ignored).
import { sql } from 'kysely';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import type {
  TCreatePermissionInput,
  TPermissionRow,
  TUpdatePermissionInput,
} from '../../../../shared/schemas/permissions.ts';
import { db as kyselyOf } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { assertCurrent } from '../../../lib/records.ts';
import type { TenantCopy } from '../provision/demo-provision.service.ts';
import { DemoPermission } from './permission.entity.ts';
import { openPermissions } from './permissions.listing.ts';

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
  if (taken) throw new AppError('CONFLICT', 'permissions.nameTaken', { name }, { name: 'permissions.nameTakenField' });
}

const distinctRoles = <T>(roles: readonly T[]) => [...new Set(roles)];

/** Add a permission; needs manage on DemoApp (FORBIDDEN otherwise); CONFLICT on a name the copy has. */
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

/**
 * Rename or reassign; needs manage on DemoApp (FORBIDDEN otherwise). NOT_FOUND outside the caller's
 * copy; CONFLICT on a name another permission has, or when `version` is given and the permission changed since.
 */
export async function updatePermission(ctx: ServiceContext, input: TUpdatePermissionInput): Promise<TPermissionRow> {
  const copy = await openPermissions(ctx, 'manage');
  const permission = await copy.ctx.em.findOne(DemoPermission, { id: input.id, tenant: copy.tenant });
  if (!permission) throw notFound('Permission');
  assertCurrent(permission, input.version, 'Permission');
  await assertFreeName(copy, input.name, permission.id);
  permission.name = input.name;
  permission.assignedTo = distinctRoles(input.assignedTo);
  await copy.ctx.em.flush();
  return toRow(permission);
}

/** Delete a permission; needs manage on DemoApp (FORBIDDEN otherwise); NOT_FOUND outside the caller's copy. */
export async function deletePermission(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  const copy = await openPermissions(ctx, 'manage');
  const removed = await copy.ctx.em.nativeDelete(DemoPermission, { id: input.id, tenant: copy.tenant });
  if (removed === 0) throw notFound('Permission');
}
