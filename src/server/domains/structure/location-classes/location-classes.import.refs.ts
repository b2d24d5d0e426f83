// Location classes as imports read and write them: every class of a customer by name, and a batch written
// in one statement (created or changed, never touched when equal), audited as imported.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../../db/kysely.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { type UpsertResult, upsertRows } from '../../../lib/upsert.ts';

export interface ClassImportRow {
  name: string;
  description: string | null;
  color: string;
}

export interface ClassImportState extends ClassImportRow {
  id: number;
  archived: boolean;
}

/** The customer's classes by name. */
export async function classesByName(em: EntityManager, customerId: number): Promise<Map<string, ClassImportState>> {
  const rows = await db(em)
    .selectFrom('location_classes')
    .select(['id', 'name', 'description', 'color', 'archived_at'])
    .where('customer_id', '=', customerId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.name,
      { id: r.id, name: r.name, description: r.description, color: r.color, archived: !!r.archived_at },
    ]),
  );
}

export function upsertClasses(
  tx: AuthedContext,
  customerId: number,
  rows: readonly ClassImportRow[],
  audit: Record<string, unknown>,
): Promise<UpsertResult> {
  return upsertRows(
    tx,
    {
      table: 'location_classes',
      conflict: ['customer_id', 'name'],
      columns: ['customer_id', 'name', 'description', 'color'],
      audit: { action: 'import', entityType: 'Class', customerId, changes: audit },
    },
    rows.map((r) => [customerId, r.name, r.description, r.color]),
  );
}
