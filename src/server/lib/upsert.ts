// Set-based writes of many records in one statement (imports): INSERT … ON CONFLICT DO UPDATE that
// changes a row only when one of its fields differs, bumps its optimistic-lock version, and writes one
// audit event per row it touched — one round trip per batch. The domain names its table and columns
// (its refs file calls this); nothing here knows a domain.
import { type RawBuilder, sql } from 'kysely';
import { db } from '../db/kysely.ts';
import type { AuditAction, AuditEntityType } from './audit/audit.ts';
import type { AuthedContext } from './context.ts';

export interface UpsertSpec {
  table: string;
  /** The unique key the rows are matched on (e.g. customer_id, code). */
  conflict: readonly string[];
  /** Every column written, in the order of each row's values. */
  columns: readonly string[];
  /** Columns whose value is JSON (sent as text, cast to jsonb). */
  json?: readonly string[];
  /** Columns an existing row keeps (set only on insert, e.g. a password hash). */
  insertOnly?: readonly string[];
  audit: { action: AuditAction; entityType: AuditEntityType; customerId: number; changes: Record<string, unknown> };
}

export interface UpsertResult {
  /** Ids inserted, then ids changed, in no particular order. */
  created: number[];
  updated: number[];
}

/** Rows beyond this are written in further statements (PostgreSQL takes at most 65,535 parameters). */
export const UPSERT_BATCH = 1000;

export async function upsertRows(
  tx: AuthedContext,
  spec: UpsertSpec,
  rows: readonly (readonly unknown[])[],
  at = new Date(),
): Promise<UpsertResult> {
  const out: UpsertResult = { created: [], updated: [] };
  if (!rows.length) return out;
  const json = new Set(spec.json ?? []);
  const insertOnly = new Set(spec.insertOnly ?? []);
  const conflict = new Set(spec.conflict);
  const table = sql.table(spec.table);
  const value = (column: string, v: unknown): RawBuilder<unknown> =>
    json.has(column) ? sql`${JSON.stringify(v)}::jsonb` : sql`${v}`;
  // A record never moves to another customer: a key taken in another customer's rows is left alone.
  const changing = spec.columns.filter((c) => !conflict.has(c) && !insertOnly.has(c) && c !== 'customer_id');
  const existing = (c: string) => sql.ref(`${spec.table}.${c}`);
  const excluded = (c: string) => sql.ref(`excluded.${c}`);
  for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
    const batch = rows.slice(i, i + UPSERT_BATCH);
    const values = sql.join(
      batch.map((row) => sql`(${sql.join([...spec.columns.map((c, j) => value(c, row[j])), sql`${at}`, sql`${at}`])})`),
    );
    const result = await sql<{ id: number; inserted: boolean }>`
      with up as (
        insert into ${table} (${sql.join([...spec.columns, 'created_at', 'updated_at'].map((c) => sql.ref(c)))})
        values ${values}
        on conflict (${sql.join(spec.conflict.map((c) => sql.ref(c)))}) do update set
          ${sql.join([...changing.map((c) => sql`${sql.ref(c)} = ${excluded(c)}`), sql`updated_at = excluded.updated_at`, sql`version = ${existing('version')} + 1`])}
        where ${existing('customer_id')} = excluded.customer_id
          and (${sql.join(changing.map(existing))}) is distinct from (${sql.join(changing.map(excluded))})
        returning id, (xmax = 0) as inserted
      ), audited as (
        insert into audit_events (at, customer_id, actor_id, actor_email, action, entity_type, entity_id, changes)
        select ${at}, ${spec.audit.customerId}, ${tx.user.id}, ${tx.user.email}, ${spec.audit.action},
          ${spec.audit.entityType}, up.id,
          ${JSON.stringify(spec.audit.changes)}::jsonb || jsonb_build_object('created', up.inserted)
        from up
      )
      select id, inserted from up`.execute(db(tx.em));
    for (const row of result.rows) (row.inserted ? out.created : out.updated).push(row.id);
  }
  return out;
}
