// "Is this record in use?" is answered by the database: foreign keys ON DELETE RESTRICT refuse a
// delete, and the refusal is explained here by counting, for every restricting foreign key that
// points at the record's table, the rows that point at this record ("3 sub-directions (HDF, …)").
import { DriverException, ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ErrorKey } from '../../shared/errors/messages.ts';
import { type DB, db } from '../db/kysely.ts';
import { AppError, type RecordRef } from './app-error.ts';

/** Table name -> how to name n of its rows ("3 members"); the default comes from the table name. */
export type ReferenceLabels = Record<string, (n: number) => string>;

/** "1 location" / "3 locations". */
export function plural(singular: string, pluralForm = `${singular}s`): (n: number) => string {
  return (n) => `${n} ${n === 1 ? singular : pluralForm}`;
}

/** "sub_directions" -> "1 sub direction" / "3 sub directions"; "classes" -> "1 class". */
function labelFromTable(table: string): (n: number) => string {
  const words = table.replace(/_/g, ' ');
  const singular = words.endsWith('ies')
    ? `${words.slice(0, -3)}y`
    : words.endsWith('sses')
      ? words.slice(0, -2)
      : words.replace(/s$/, '');
  return plural(singular, words);
}

// Examples are named by the first of these columns a table has: by code in code order (as lists
// sort them), otherwise in creation order.
const EXAMPLE_COLUMNS = ['code', 'name', 'email', 'title'];

/** The referencing row is `r`; `value` names one (joined as `o` when named by another record). */
interface ExampleSource {
  join: RawBuilder<unknown>;
  value: RawBuilder<unknown>;
  order: RawBuilder<unknown>;
}

/**
 * How a few referencing rows are named: by a name-like column of their own, or, for a row without one
 * (a pivot such as team_members), by the record its other foreign key points at (the member).
 */
async function exampleSource(
  k: Kysely<DB>,
  table: string,
  column: string,
  columns: string[],
): Promise<ExampleSource | null> {
  const own = EXAMPLE_COLUMNS.find((c) => columns.includes(c));
  if (own)
    return {
      join: sql``,
      value: sql.ref(`r.${own}`),
      order: sql.ref(own === 'code' || !columns.includes('id') ? `r.${own}` : 'r.id'),
    };
  const { rows: others } = await sql<{ column: string; target: string; targetKey: string; targetColumns: string[] }>`
    select a.attname as "column", c.confrelid::regclass::text as "target", fa.attname as "targetKey",
      array(select attname::text from pg_attribute where attrelid = c.confrelid and attnum > 0 and not attisdropped) as "targetColumns"
    from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
    where c.contype = 'f' and c.conrelid = ${table}::regclass and a.attname <> ${column}
    order by 1`.execute(k);
  for (const other of others) {
    const named = EXAMPLE_COLUMNS.find((c) => other.targetColumns.includes(c));
    if (!named) continue;
    const target = other.target.replace(/^"|"$/g, '');
    return {
      join: sql`left join ${sql.table(target)} as "o" on ${sql.ref(`o.${other.targetKey}`)} = ${sql.ref(`r.${other.column}`)}`,
      value: sql.ref(`o.${named}`),
      order: sql.ref(`o.${other.targetKey}`),
    };
  }
  return null;
}

/**
 * Descriptions of what points at row `id` of `table` through restricting foreign keys, e.g.
 * ["3 locations (PAR-001, PAR-002, …)"]. Empty when nothing does.
 */
export async function describeReferences(
  em: EntityManager,
  table: string,
  id: number,
  labels: ReferenceLabels = {},
): Promise<string[]> {
  const k = db(em);
  const { rows: keys } = await sql<{ table: string; column: string; columns: string[] }>`
    select c.conrelid::regclass::text as "table", a.attname as "column",
      array(select attname::text from pg_attribute where attrelid = c.conrelid and attnum > 0 and not attisdropped) as "columns"
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = ${table}::regclass and c.confdeltype in ('r', 'a')
    order by 1, 2`.execute(k);
  const out: string[] = [];
  for (const key of keys) {
    const referencing = key.table.replace(/^"|"$/g, '');
    const example = await exampleSource(k, referencing, key.column, key.columns);
    const { rows } = await sql<{ n: number; examples: string[] | null }>`
      select count(*)::int as "n",
        ${example ? sql`(array_agg(${example.value}::text order by ${example.order}) filter (where ${example.value} is not null))[1:3]` : sql`null`} as "examples"
      from ${sql.table(referencing)} as "r" ${example?.join ?? sql``} where ${sql.ref(`r.${key.column}`)} = ${id}`.execute(
      k,
    );
    const { n, examples } = rows[0];
    if (n === 0) continue;
    const label = (labels[referencing] ?? labelFromTable(referencing))(n);
    const shown = examples?.length ? ` (${examples.join(', ')}${n > examples.length ? ', …' : ''})` : '';
    out.push(`${label}${shown}`);
  }
  return out;
}

/**
 * A foreign key refused the delete: ON DELETE RESTRICT raises restrict_violation (23001), which
 * MikroORM leaves a plain DriverException; NO ACTION raises foreign_key_violation (23503).
 */
function refusedByForeignKey(error: unknown): boolean {
  return (
    error instanceof ForeignKeyConstraintViolationException ||
    (error instanceof DriverException && error.code === '23001')
  );
}

/**
 * Delete row `id` of `entity`'s table inside a savepoint; when a foreign key refuses, CONFLICT naming
 * what points at it, with `hint` (default: archive it instead).
 */
export async function deleteOrExplain(
  em: EntityManager,
  entity: abstract new (...args: never[]) => object,
  id: number,
  options: { what: RecordRef; hint?: ErrorKey; labels?: ReferenceLabels },
): Promise<void> {
  const table = em.getMetadata().get(entity as never).tableName;
  try {
    await em.transactional((inner) => inner.nativeDelete(entity as never, { id }));
  } catch (error) {
    if (!refusedByForeignKey(error)) throw error;
    const blockers = await describeReferences(em, table, id, options.labels);
    throw stillReferenced(options.what, blockers, options.hint ?? 'common.archiveInstead');
  }
}

/**
 * The CONFLICT of a refused delete. The blockers ("3 locations (PAR-001, …)") stay as counted: the
 * codes are data, and the kinds come from table names or the domain's own labels.
 */
function stillReferenced(what: RecordRef, blockers: string[], hint: ErrorKey): AppError {
  return blockers.length
    ? new AppError('CONFLICT', 'common.stillReferenced', { ...what, blockers: blockers.join('; '), hint })
    : new AppError('CONFLICT', 'common.stillReferencedUnknown', { ...what, hint });
}
