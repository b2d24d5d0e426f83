// Permissions demo app: the sample permissions, searched, sorted and paged in SQL (`read DemoApp`).
import { expressionBuilder, sql, type Kysely } from 'kysely';
import type { ListResult } from '../../../../shared/schemas/common.ts';
import type { TListPermissionsInput, TPermission } from '../../../../shared/schemas/permissions.ts';
import { db as kyselyOf, type DB } from '../../../db/kysely.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { listSource, runList } from '../../../lib/list.ts';

export function permissionSource(db: Kysely<DB>) {
  const from = db.selectFrom('demo_permissions as p');
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
  authorize(ctx, 'read', 'DemoApp');
  const { rows, total } = await runList(permissionSource(kyselyOf(ctx.em)), input);
  return { items: rows, total };
}
