// "Is this record in use?" is answered by the database: foreign keys ON DELETE RESTRICT refuse a
// delete, and the refusal is explained here by counting, for every restricting foreign key that
// points at the record's table, the rows that point at this record ("3 sub-directions (HDF, …)").
import { DriverException, ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../db/kysely.ts';
import { AppError } from './app-error.ts';

/** Table name -> how to name n of its rows ("3 members"); the default comes from the table name. */
export type ReferenceLabels = Record<string, (n: number) => string>;

/** "1 location" / "3 locations". */
export function plural(singular: string, pluralForm = `${singular}s`): (n: number) => string {
  return (n) => `${n} ${n === 1 ? singular : pluralForm}`;
}

/** "sub_directions" -> "1 sub direction" / "3 sub directions". */
function labelFromTable(table: string): (n: number) => string {
  const words = table.replace(/_/g, ' ');
  return plural(words.endsWith('ies') ? `${words.slice(0, -3)}y` : words.replace(/s$/, ''), words);
}

const EXAMPLE_COLUMNS = ['code', 'name', 'email', 'title'];

/**
 * Descriptions of what points at row `id` of `table` through restricting foreign keys, e.g.
 * ["3 locations (PAR-001, PAR-002, …)"]. Empty when nothing does.
 */
export async function describeReferences(em: EntityManager, table: string, id: number, labels: ReferenceLabels = {}): Promise<string[]> {
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
    const example = EXAMPLE_COLUMNS.find((c) => key.columns.includes(c));
    // The first three examples in their own order (codes, names…), as a list shows them.
    const exampleColumn = example ? sql.ref(example) : sql`null`;
    const referencingRows = sql`from ${sql.table(referencing)} where ${sql.ref(key.column)} = ${id}`;
    const { rows } = await sql<{ n: number; examples: string[] | null }>`
      select (select count(*)::int ${referencingRows}) as "n",
        array(select ${exampleColumn}::text ${referencingRows} order by ${exampleColumn}, ${sql.ref('id')} limit 3) as "examples"`.execute(k);
    const { n, examples } = rows[0];
    if (n === 0) continue;
    const label = (labels[referencing] ?? labelFromTable(referencing))(n);
    const shown = example && examples?.length ? ` (${examples.join(', ')}${n > examples.length ? ', …' : ''})` : '';
    out.push(`${label}${shown}`);
  }
  return out;
}

/**
 * A foreign key refused the statement: NO ACTION keys fail with 23503 (MikroORM's
 * ForeignKeyConstraintViolationException), RESTRICT keys with 23001 (left a plain DriverException).
 */
function refusedByForeignKey(error: unknown): boolean {
  return error instanceof ForeignKeyConstraintViolationException || (error instanceof DriverException && error.code === '23001');
}

/**
 * Delete row `id` of `entity`'s table inside a savepoint; when a foreign key refuses, CONFLICT naming
 * what points at it, with `hint` (default: archive it instead).
 */
export async function deleteOrExplain(
  em: EntityManager,
  entity: abstract new (...args: never[]) => object,
  id: number,
  options: { what: string; hint?: string; labels?: ReferenceLabels },
): Promise<void> {
  const table = em.getMetadata().get(entity as never).tableName;
  try {
    await em.transactional((inner) => inner.nativeDelete(entity as never, { id }));
  } catch (error) {
    if (!refusedByForeignKey(error)) throw error;
    const blockers = await describeReferences(em, table, id, options.labels);
    const why = blockers.length ? `it is used by ${blockers.join('; ')}` : 'other records still point at it';
    throw new AppError('CONFLICT', `${options.what} cannot be deleted: ${why}. ${options.hint ?? 'Archive it instead, or remove those first.'}`);
  }
}
