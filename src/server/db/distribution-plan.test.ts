// The Citus plan against the migrated schema, read in one catalog query: every table is planned, every distributed
// table has (or is told how it gets) a customer_id, and the keys, foreign keys and triggers Citus would refuse as
// they stand are exactly the ones the plan lists with their change. A new table, key, link or trigger fails here
// until distribution-plan.ts says what it becomes.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.ts';
import {
  DISTRIBUTION_PLAN,
  type KeyChange,
  keyChanges,
  type LinkChange,
  LOCAL_SCHEMAS,
  linkChanges,
  type TablePlan,
  type TriggerChange,
  triggerChanges,
} from './distribution-plan.ts';

interface CatalogTable {
  schema: string;
  table: string;
  columns: { name: string; notNull: boolean }[];
  /** Primary key and unique constraints and indexes (partial ones too); an expression shows as `(expression)`. */
  keys: { name: string; primary: boolean; columns: string[] }[];
  links: { name: string; columns: string[]; target: string; targetColumns: string[] }[];
  triggers: { name: string; row: boolean }[];
}

const CATALOG = `
  select n.nspname as schema, c.relname as table,
    coalesce((select json_agg(json_build_object('name', a.attname, 'notNull', a.attnotnull) order by a.attnum)
      from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
    coalesce((select json_agg(json_build_object('name', i.relname, 'primary', x.indisprimary,
        'columns', (select json_agg(coalesce(a.attname, '(expression)') order by k.n)
          from unnest(x.indkey::int2[]) with ordinality k(attnum, n)
          left join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum)) order by i.relname)
      from pg_index x join pg_class i on i.oid = x.indexrelid where x.indrelid = c.oid and x.indisunique), '[]') as keys,
    coalesce((select json_agg(json_build_object('name', f.conname, 'target', t.relname,
        'columns', (select json_agg(a.attname order by k.n) from unnest(f.conkey) with ordinality k(attnum, n)
          join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.attnum),
        'targetColumns', (select json_agg(a.attname order by k.n) from unnest(f.confkey) with ordinality k(attnum, n)
          join pg_attribute a on a.attrelid = f.confrelid and a.attnum = k.attnum)) order by f.conname)
      from pg_constraint f join pg_class t on t.oid = f.confrelid where f.conrelid = c.oid and f.contype = 'f'), '[]') as links,
    coalesce((select json_agg(json_build_object('name', g.tgname, 'row', (g.tgtype & 1) = 1) order by g.tgname)
      from pg_trigger g where g.tgrelid = c.oid and not g.tgisinternal), '[]') as triggers
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
  order by 1, 2`;

let tables: CatalogTable[] = [];
const database = await createTestDatabase();
beforeAll(async () => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    tables = (await client.query<CatalogTable>(CATALOG)).rows;
  } finally {
    await client.end();
  }
});
afterAll(() => database.drop());

const publicTables = () => tables.filter((t) => t.schema === 'public');
const planOf = (table: string): TablePlan | undefined => DISTRIBUTION_PLAN[table];
const isDistributed = (table: string) => planOf(table)?.class === 'distributed';
/** Whether the table's customer_id column is the tenant (not a derived table's, nor one that means something else). */
const hasTenantColumn = (table: string) => {
  const plan = planOf(table);
  return plan?.class === 'distributed' && 'column' in plan.customerId;
};
const byName = <T extends { table: string; name: string }>(list: T[]) =>
  [...list].sort((a, b) => a.table.localeCompare(b.table) || a.name.localeCompare(b.name));

describe('the Citus distribution plan', () => {
  it('names every table of the schema, and only those', () => {
    const inSchema = publicTables().map((t) => t.table);
    expect(inSchema.length).toBeGreaterThan(0);
    expect({ unplanned: inSchema.filter((t) => !planOf(t)) }).toEqual({ unplanned: [] });
    expect({ planned_but_missing: Object.keys(DISTRIBUTION_PLAN).filter((t) => !inSchema.includes(t)) }).toEqual({
      planned_but_missing: [],
    });
    const otherSchemas = tables.filter((t) => t.schema !== 'public' && !(t.schema in LOCAL_SCHEMAS));
    expect(otherSchemas.map((t) => `${t.schema}.${t.table}`)).toEqual([]);
  });

  it('gives every distributed table a customer_id: its own, or one derived through a column it has', () => {
    const problems: string[] = [];
    for (const t of publicTables()) {
      const plan = planOf(t.table);
      if (plan?.class !== 'distributed') continue;
      const column = (name: string) => t.columns.find((c) => c.name === name);
      const key = plan.customerId;
      if ('column' in key) {
        const own = column('customer_id');
        if (!own) problems.push(`${t.table}: no customer_id column (plan it as derived)`);
        else if (!own.notNull && !key.nulls)
          problems.push(`${t.table}: customer_id is nullable; say what a null becomes`);
        else if (own.notNull && key.nulls) problems.push(`${t.table}: customer_id is not null now; drop \`nulls\``);
        continue;
      }
      const from = column(key.from);
      if (!from) problems.push(`${t.table}: derives customer_id from ${key.from}, which it does not have`);
      else if (!from.notNull && !key.nulls)
        problems.push(`${t.table}: ${key.from} is nullable; say what a null becomes`);
      if (key.replaces && !column(key.replaces)) problems.push(`${t.table}: replaces ${key.replaces}, which it lacks`);
      if (column('customer_id') && !key.clash)
        problems.push(`${t.table}: has customer_id now; plan it as its own column (or say why it is not the tenant)`);
      if (!column('customer_id') && key.clash) problems.push(`${t.table}: no customer_id column clashes any more`);
    }
    expect(problems).toEqual([]);
  });

  it('lists, as its to-do, every primary and unique key of a distributed table without customer_id', () => {
    const found: Omit<KeyChange, 'becomes'>[] = publicTables()
      .filter((t) => isDistributed(t.table))
      .flatMap((t) =>
        t.keys
          .filter((k) => !hasTenantColumn(t.table) || !k.columns.includes('customer_id'))
          .map((k) => ({ table: t.table, name: k.name, now: k.columns.join(', ') })),
      );
    const planned = keyChanges();
    expect(byName(found)).toEqual(byName(planned).map(({ becomes: _, ...k }) => k));
    for (const change of planned) expect(change.becomes.split(', '), change.name).toContain('customer_id');
  });

  it('lists every foreign key Citus refuses as it stands, with its change', () => {
    const refused = (source: string, target: string, columns: string[], targetColumns: string[]) => {
      const [from, to] = [planOf(source)?.class, planOf(target)?.class];
      if (from === 'distributed' && to === 'distributed')
        return !(hasTenantColumn(source) && columns[0] === 'customer_id' && targetColumns[0] === 'customer_id');
      return (from !== 'distributed' && to === 'distributed') || (from === 'distributed' && to === 'local');
    };
    const found: Omit<LinkChange, 'becomes'>[] = publicTables().flatMap((t) =>
      t.links
        .filter((l) => refused(t.table, l.target, l.columns, l.targetColumns))
        .map((l) => ({
          table: t.table,
          name: l.name,
          now: `${l.columns.join(', ')} → ${l.target}(${l.targetColumns.join(', ')})`,
        })),
    );
    const planned = linkChanges();
    expect(byName(found)).toEqual(byName(planned).map(({ becomes: _, ...l }) => l));
    for (const change of planned)
      expect(change.becomes.startsWith('drop: ') || change.becomes.startsWith('customer_id, '), change.name).toBe(true);
  });

  it('lists every statement-level trigger of a distributed table (Citus runs row-level ones only)', () => {
    const found: TriggerChange[] = publicTables()
      .filter((t) => isDistributed(t.table))
      .flatMap((t) => t.triggers.filter((g) => !g.row).map((g) => ({ table: t.table, name: g.name })));
    expect(byName(found)).toEqual(byName(triggerChanges()));
  });
});
