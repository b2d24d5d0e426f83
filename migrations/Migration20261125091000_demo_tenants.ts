import { Migration } from '@mikro-orm/migrations';

// Demo-app data per customer: each customer (and the platform, for the superadmin) works on its own
// copy of the shared demo apps' samples (shop, invoices, demo users, permissions, logistics,
// analytics), made on first use (src/server/domains/apps/provision). The samples stay owner-less.
const TABLES = [
  'ecommerce_products',
  'ecommerce_reviews',
  'ecommerce_referrals',
  'ecommerce_orders',
  'ecommerce_customers',
  'invoice_clients',
  'invoices',
  'demo_users',
  'demo_permissions',
  'logistics_vehicles',
  'analytics_projects',
];

// The list sort indexes of the shop's big tables, re-led by the owner: (tenant_id, sort expression, id).
// [table, index name, sort expression, base column to INCLUDE] (as in migration demo_shop_invoice_users).
const SORTS: [string, string, string, string?][] = [
  ['ecommerce_orders', 'order_number', '"order_number"'],
  ['ecommerce_orders', 'customer', 'lower("customer") collate "C"', 'customer'],
  ['ecommerce_orders', 'ordered_at', '"ordered_at"'],
  ['ecommerce_orders', 'status', 'lower("status") collate "C"', 'status'],
  ['ecommerce_orders', 'spent', '"spent"'],
  ['ecommerce_customers', 'customer', 'lower("customer") collate "C"', 'customer'],
  ['ecommerce_customers', 'country', 'lower("country") collate "C"', 'country'],
  ['ecommerce_customers', 'customer_id', '"customer_id"'],
  ['ecommerce_customers', 'order_count', '"order_count"'],
  ['ecommerce_customers', 'total_spent', '"total_spent"'],
];

const COUNTED = ['ecommerce_orders', 'ecommerce_customers'];

export class Migration20261125091000_demo_tenants extends Migration {

  override name = 'Migration20261125091000_demo_tenants';

  override up(): void | Promise<void> {
    this.addSql(`create table "demo_tenants" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "key" varchar(40) not null, "customer_id" int null, "apps" text[] not null default '{}');`);
    this.addSql(`alter table "demo_tenants" add constraint "demo_tenants_key_unique" unique ("key");`);
    this.addSql(`alter table "demo_tenants" add constraint "demo_tenants_customer_id_unique" unique ("customer_id");`);
    this.addSql(`alter table "demo_tenants" add constraint "demo_tenants_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);

    for (const table of TABLES) {
      this.addSql(`alter table "${table}" add column "tenant_id" int null;`);
      this.addSql(`alter table "${table}" add constraint "${table}_tenant_id_foreign" foreign key ("tenant_id") references "demo_tenants" ("id") on delete cascade;`);
    }
    // Small tables: one (tenant_id, id) index serves the default order and the copy's lookups.
    for (const table of TABLES.filter((t) => !COUNTED.includes(t))) {
      this.addSql(`create index "${table}_tenant_id_id_index" on "${table}" ("tenant_id", "id");`);
    }

    // Unique per copy.
    this.addSql(`alter table "ecommerce_orders" drop constraint "ecommerce_orders_order_number_unique";`);
    this.addSql(`alter table "ecommerce_orders" add constraint "ecommerce_orders_tenant_id_order_number_unique" unique ("tenant_id", "order_number");`);
    this.addSql(`alter table "ecommerce_customers" drop constraint "ecommerce_customers_customer_id_unique";`);
    this.addSql(`alter table "ecommerce_customers" add constraint "ecommerce_customers_tenant_id_customer_id_unique" unique ("tenant_id", "customer_id");`);

    // The invoice number is the sample's id, kept by each copy (the API shows it as the invoice's id).
    this.addSql(`alter table "invoices" add column "number" int null;`);
    this.addSql(`update "invoices" set "number" = "id";`);
    this.addSql(`alter table "invoices" alter column "number" set not null;`);
    this.addSql(`create index "invoices_number_trgm" on "invoices" using gin (("number"::text) gin_trgm_ops);`);

    // Big tables: every list index leads with the owner, then the sort key and the id tie-breaker.
    for (const [table, name, expr, include] of SORTS) {
      const extra = include ? ` include ("${include}")` : '';
      this.addSql(`drop index "${table}_${name}_sort";`);
      this.addSql(`create index "${table}_${name}_sort" on "${table}" ("tenant_id", (${expr}), "id")${extra};`);
    }
    for (const table of COUNTED) this.addSql(`create index "${table}_tenant_id_id_index" on "${table}" ("tenant_id", "id");`);

    // Kept row counts per (table, demo tenant); the samples (no tenant) count under 0.
    this.addSql(`alter table "table_row_counts" drop constraint "table_row_counts_pkey";`);
    this.addSql(`alter table "table_row_counts" add column "tenant_id" int not null default 0;`);
    this.addSql(`alter table "table_row_counts" alter column "tenant_id" drop default;`);
    this.addSql(`alter table "table_row_counts" add constraint "table_row_counts_pkey" primary key ("table_name", "tenant_id");`);
    this.addSql(`create or replace function "table_row_counts_track"() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into table_row_counts (table_name, tenant_id, row_count)
      select tg_table_name, coalesce(tenant_id, 0), count(*) from new_rows group by 2
      on conflict (table_name, tenant_id) do update set row_count = table_row_counts.row_count + excluded.row_count;
  elsif tg_op = 'DELETE' then
    update table_row_counts c set row_count = c.row_count - d.n
      from (select coalesce(tenant_id, 0) as tenant_id, count(*) as n from old_rows group by 1) d
     where c.table_name = tg_table_name and c.tenant_id = d.tenant_id;
  elsif tg_op = 'TRUNCATE' then
    update table_row_counts set row_count = 0 where table_name = tg_table_name;
  end if;
  return null;
end
$$;`);
    for (const table of COUNTED) {
      this.addSql(`delete from "table_row_counts" where "table_name" = '${table}';`);
      this.addSql(`insert into "table_row_counts" ("table_name", "tenant_id", "row_count") select '${table}', coalesce("tenant_id", 0), count(*) from "${table}" group by 2;`);
    }
  }

  override down(): void | Promise<void> {
    this.addSql(`create or replace function "table_row_counts_track"() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update table_row_counts set row_count = row_count + (select count(*) from new_rows) where table_name = tg_table_name;
  elsif tg_op = 'DELETE' then
    update table_row_counts set row_count = row_count - (select count(*) from old_rows) where table_name = tg_table_name;
  elsif tg_op = 'TRUNCATE' then
    update table_row_counts set row_count = 0 where table_name = tg_table_name;
  end if;
  return null;
end
$$;`);
    // The copies go; the samples stay.
    for (const table of TABLES) this.addSql(`delete from "${table}" where "tenant_id" is not null;`);
    this.addSql(`alter table "table_row_counts" drop constraint "table_row_counts_pkey";`);
    this.addSql(`delete from "table_row_counts" where "tenant_id" <> 0;`);
    this.addSql(`alter table "table_row_counts" drop column "tenant_id";`);
    this.addSql(`alter table "table_row_counts" add constraint "table_row_counts_pkey" primary key ("table_name");`);

    for (const table of COUNTED) this.addSql(`drop index "${table}_tenant_id_id_index";`);
    for (const [table, name, expr, include] of SORTS) {
      const extra = include ? ` include ("${include}")` : '';
      this.addSql(`drop index "${table}_${name}_sort";`);
      this.addSql(`create index "${table}_${name}_sort" on "${table}" ((${expr}), "id")${extra};`);
    }
    this.addSql(`drop index "invoices_number_trgm";`);
    this.addSql(`alter table "invoices" drop column "number";`);
    this.addSql(`alter table "ecommerce_customers" drop constraint "ecommerce_customers_tenant_id_customer_id_unique";`);
    this.addSql(`alter table "ecommerce_customers" add constraint "ecommerce_customers_customer_id_unique" unique ("customer_id");`);
    this.addSql(`alter table "ecommerce_orders" drop constraint "ecommerce_orders_tenant_id_order_number_unique";`);
    this.addSql(`alter table "ecommerce_orders" add constraint "ecommerce_orders_order_number_unique" unique ("order_number");`);
    for (const table of TABLES.filter((t) => !COUNTED.includes(t))) this.addSql(`drop index "${table}_tenant_id_id_index";`);
    for (const table of TABLES) {
      this.addSql(`alter table "${table}" drop constraint "${table}_tenant_id_foreign";`);
      this.addSql(`alter table "${table}" drop column "tenant_id";`);
    }
    this.addSql(`drop table if exists "demo_tenants" cascade;`);
  }

}
