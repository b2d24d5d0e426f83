// Directions as imports read and write them: every direction of a customer by code, and a batch written
// in one statement (created or changed, never touched when equal), each audited as imported.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../../db/kysely.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { type UpsertResult, upsertRows } from '../../../lib/upsert.ts';

export interface DirectionImportRow {
  code: string;
  name: string;
  description: string | null;
  active: boolean;
}

export interface DirectionImportState extends DirectionImportRow {
  id: number;
  archived: boolean;
}

/** The customer's directions by code (archived ones too: an import does not restore them). */
export async function directionsByCode(
  em: EntityManager,
  customerId: number,
): Promise<Map<string, DirectionImportState>> {
  const rows = await db(em)
    .selectFrom('directions')
    .select(['id', 'code', 'name', 'description', 'active', 'archived_at'])
    .where('customer_id', '=', customerId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.code,
      { id: r.id, code: r.code, name: r.name, description: r.description, active: r.active, archived: !!r.archived_at },
    ]),
  );
}

export function upsertDirections(
  tx: AuthedContext,
  customerId: number,
  rows: readonly DirectionImportRow[],
  audit: Record<string, unknown>,
): Promise<UpsertResult> {
  return upsertRows(
    tx,
    {
      table: 'directions',
      conflict: ['customer_id', 'code'],
      columns: ['customer_id', 'code', 'name', 'description', 'active'],
      audit: { action: 'import', entityType: 'Direction', customerId, changes: audit },
    },
    rows.map((r) => [customerId, r.code, r.name, r.description, r.active]),
  );
}
