// Bulk data for the benchmark: a million shop orders and a million shop customers of one demo tenant
// (the benchmark caller's copy of the shop), generated inside
// PostgreSQL with generate_series (one INSERT … SELECT each, no row-by-row round trips). The tables'
// secondary indexes are dropped for the load and rebuilt afterwards (the usual bulk-load practice),
// then the tables are vacuumed and analysed so the planner and index-only scans see the new rows.
import { base, en, Faker } from '@faker-js/faker';
import pg from 'pg';

const TABLES = ['ecommerce_orders', 'ecommerce_customers'] as const;

/** Distinct first and last names from a fixed seed, so every run loads the same data. */
export function namePools(seed = 42): { first: string[]; last: string[] } {
  const f = new Faker({ locale: [en, base] });
  f.seed(seed);
  const first = [...new Set(Array.from({ length: 2000 }, () => f.person.firstName()))].slice(0, 250);
  const last = [...new Set(Array.from({ length: 4000 }, () => f.person.lastName().replace(/[^A-Za-z]/g, '')))].slice(
    0,
    400,
  );
  return { first, last };
}

const COUNTRIES: [string, string][] = [
  ['France', 'fr'],
  ['Germany', 'de'],
  ['United States', 'us'],
  ['United Kingdom', 'gb'],
  ['Spain', 'es'],
  ['Italy', 'it'],
  ['Netherlands', 'nl'],
  ['Poland', 'pl'],
  ['Brazil', 'br'],
  ['Canada', 'ca'],
  ['Japan', 'jp'],
  ['India', 'in'],
  ['Australia', 'au'],
  ['Morocco', 'ma'],
  ['Egypt', 'eg'],
  ['Mexico', 'mx'],
  ['Sweden', 'se'],
  ['Portugal', 'pt'],
  ['Norway', 'no'],
  ['Kenya', 'ke'],
  ['Chile', 'cl'],
  ['Vietnam', 'vn'],
  ['Turkey', 'tr'],
];

/** `1 + (a pseudo-random function of g and salt) % n`, as SQL (deterministic, spreads values evenly). */
const pick = (salt: number, n: string) => `1 + ((hashint4(g + ${salt}) & 2147483647) % ${n})`;

interface IndexDef {
  name: string;
  def: string;
}

async function secondaryIndexes(client: pg.Client, table: string): Promise<IndexDef[]> {
  const { rows } = await client.query<IndexDef>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid = $1::regclass
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [table],
  );
  return rows;
}

export interface BulkResult {
  orders: number;
  customers: number;
  loadMs: number;
  indexMs: number;
  vacuumMs: number;
}

/** Insert `count` orders and `count` customers of demo tenant `tenant`; rebuild indexes; VACUUM ANALYZE. */
export async function bulkLoad(
  url: string,
  count: number,
  tenant: number,
  log: (msg: string) => void = () => {},
): Promise<BulkResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { first, last } = namePools();
    const indexes: IndexDef[] = [];
    for (const table of TABLES) indexes.push(...(await secondaryIndexes(client, table)));
    for (const index of indexes) await client.query(`drop index ${index.name}`);

    const started = performance.now();
    await client.query(
      `insert into ecommerce_orders (tenant_id, created_at, updated_at, order_number, customer, email, avatar, payment, status,
                                     spent, method, ordered_at, method_number)
       select $4::int, now(), now(), 1000000 + g, n.f || ' ' || n.l,
              lower(n.f) || '.' || lower(n.l) || (g % 97)::text || '@example.com',
              '', 1 + g % 4,
              (array['Delivered', 'Ready to Pickup', 'Out for Delivery', 'Dispatched'])[${pick(11, '4')}],
              round((5 + ((hashint4(g + 22) & 2147483647) % 99500) / 100.0)::numeric, 2),
              (array['paypalLogo', 'mastercard'])[${pick(33, '2')}],
              date_trunc('minute', now()) - ((hashint4(g + 44) & 2147483647) % 525600) * interval '1 minute',
              1000 + (hashint4(g + 55) & 2147483647) % 9000
         from generate_series(1, $3::int) g,
              lateral (select ($1::text[])[${pick(66, 'cardinality($1::text[])')}] as f,
                              ($2::text[])[${pick(77, 'cardinality($2::text[])')}] as l) n`,
      [first, last, count, tenant],
    );
    log(`inserted ${count} orders in ${Math.round(performance.now() - started)} ms`);
    const t2 = performance.now();
    await client.query(
      `insert into ecommerce_customers (tenant_id, created_at, updated_at, customer, customer_id, email, country, country_code,
                                        order_count, total_spent, avatar, contact)
       select $6::int, now(), now(), n.f || ' ' || n.l, 2000000 + g,
              lower(n.f) || '.' || lower(n.l) || (g % 89)::text || '@example.org',
              ($3::text[])[n.c], ($4::text[])[n.c], n.oc,
              round(n.oc * (12 + ((hashint4(g + 88) & 2147483647) % 16800) / 100.0), 2),
              '',
              '+1 (' || (200 + (hashint4(g + 99) & 2147483647) % 790)::text || ') 555-01'
                || lpad(((hashint4(g + 111) & 2147483647) % 100)::text, 2, '0')
         from generate_series(1, $5::int) g,
              lateral (select ($1::text[])[${pick(122, 'cardinality($1::text[])')}] as f,
                              ($2::text[])[${pick(133, 'cardinality($2::text[])')}] as l,
                              ${pick(144, 'cardinality($3::text[])')} as c,
                              ${pick(155, '60')} as oc) n`,
      [first, last, COUNTRIES.map((c) => c[0]), COUNTRIES.map((c) => c[1]), count, tenant],
    );
    log(`inserted ${count} customers in ${Math.round(performance.now() - t2)} ms`);
    const loadMs = performance.now() - started;

    // Rebuild the indexes two at a time (one connection each).
    const t3 = performance.now();
    const queue = [...indexes];
    const workers = Array.from({ length: 2 }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`set maintenance_work_mem = '512MB'`);
      for (let index = queue.shift(); index; index = queue.shift()) await c.query(index.def);
      await c.end();
    });
    await Promise.all(workers);
    const indexMs = performance.now() - t3;
    log(`rebuilt ${indexes.length} indexes in ${Math.round(indexMs)} ms`);

    const t4 = performance.now();
    for (const table of TABLES) await client.query(`vacuum (analyze) ${table}`);
    const vacuumMs = performance.now() - t4;
    const { rows } = await client.query<{ orders: number; customers: number }>(
      `select (select count(*) from ecommerce_orders where tenant_id = $1)::int as orders,
              (select count(*) from ecommerce_customers where tenant_id = $1)::int as customers`,
      [tenant],
    );
    return { ...rows[0], loadMs, indexMs, vacuumMs };
  } finally {
    await client.end();
  }
}

/** A last name that is in the data, to search for. */
export function searchName(): string {
  return namePools().last[17];
}
