// Permissions demo app: the sample permissions, searched, sorted and paged in SQL (`read DemoApp`).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListResult } from '../../../../shared/schemas/common.ts';
import type { TListPermissionsInput, TPermission, TPermissionSortKey } from '../../../../shared/schemas/permissions.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { listQueryOf, runList, sql, tableOf, type ListSource } from '../../../lib/sql-list.ts';
import { DemoPermission } from './permission.entity.ts';

export function permissionSource(em: EntityManager): ListSource<TPermissionSortKey> {
  const t = tableOf(em, DemoPermission, 'p');
  return {
    from: t.from,
    id: t.col('id'),
    select: {
      id: t.col('id'),
      name: t.col('name'),
      assignedTo: t.col('assignedTo'),
      createdDate: sql`to_char(${t.col('createdDate')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    },
    // q matches the permission's name or one of its roles.
    search: [t.col('name'), sql`array_to_string(${t.col('assignedTo')}, ' ')`],
    sorts: { name: sql`lower(${t.col('name')}) collate "C"` },
  };
}

/** Permissions matching q (name or assigned role), sorted by name or id, paged. */
export async function listPermissions(ctx: ServiceContext, input: TListPermissionsInput): Promise<ListResult<TPermission>> {
  authorize(ctx, 'read', 'DemoApp');
  const { rows, total } = await runList<TPermission, TPermissionSortKey>(ctx.em, permissionSource(ctx.em), listQueryOf(input));
  return { items: rows, total };
}
