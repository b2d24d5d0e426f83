// Sub-directions as imports read and write them: every sub-direction of a customer with its direction's
// code, and a batch written in one statement (created or changed, never touched when equal), audited
// as imported. These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../../db/kysely.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { type UpsertResult, upsertRows } from '../../../lib/upsert.ts';

export interface SubDirectionImportRow {
  directionId: number;
  code: string;
  name: string;
  description: string | null;
  active: boolean;
}

export interface SubDirectionImportState extends SubDirectionImportRow {
  id: number;
  directionCode: string;
  archived: boolean;
}

/** The customer's sub-directions (a code may repeat under two directions: all are listed). */
export async function subDirectionsOfCustomer(
  em: EntityManager,
  customerId: number,
): Promise<SubDirectionImportState[]> {
  const rows = await db(em)
    .selectFrom('sub_directions as s')
    .innerJoin('directions as d', 'd.id', 's.direction_id')
    .select(['s.id', 's.direction_id', 'd.code as direction_code', 's.code', 's.name', 's.description', 's.active'])
    .select('s.archived_at')
    .where('s.customer_id', '=', customerId)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    directionId: r.direction_id,
    directionCode: r.direction_code,
    code: r.code,
    name: r.name,
    description: r.description,
    active: r.active,
    archived: !!r.archived_at,
  }));
}

export function upsertSubDirections(
  tx: AuthedContext,
  customerId: number,
  rows: readonly SubDirectionImportRow[],
  audit: Record<string, unknown>,
): Promise<UpsertResult> {
  return upsertRows(
    tx,
    {
      table: 'sub_directions',
      conflict: ['direction_id', 'code'],
      columns: ['customer_id', 'direction_id', 'code', 'name', 'description', 'active'],
      audit: { action: 'import', entityType: 'SubDirection', customerId, changes: audit },
    },
    rows.map((r) => [customerId, r.directionId, r.code, r.name, r.description, r.active]),
  );
}
