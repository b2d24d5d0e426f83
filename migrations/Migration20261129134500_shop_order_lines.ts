import { Migration } from '@mikro-orm/migrations';

const STATUSES = `'Delivered', 'Ready to Pickup', 'Out for Delivery', 'Dispatched', 'Processing', 'Cancelled'`;
const OLD_STATUSES = `'Delivered', 'Ready to Pickup', 'Out for Delivery', 'Dispatched'`;
const STATUS_CHECKS: [table: string, column: string][] = [
  ['ecommerce_orders', 'status'],
  ['ecommerce_order_events', 'from_status'],
  ['ecommerce_order_events', 'to_status'],
];

/** Adds the orders and amounts of `delta` (tenant_id, email, n, spent) to the shop customers with that e-mail. */
const addSums = (delta: string) => `update ecommerce_customers c
       set order_count = c.order_count + d.n, total_spent = c.total_spent + d.spent
      from (${delta}) d
     where c.email = d.email and (c.tenant_id = d.tenant_id or (c.tenant_id is null and d.tenant_id is null));`;

/**
 * Shop orders as a shop keeps them: lines (the product as sold, unit price, quantity), shipping and tax
 * (the order's total is its lines' sum plus both), a shipping and a billing address; and two statuses
 * before an order leaves: Processing (placed; paid or not) and Cancelled.
 *
 * Orders stored before get what keeps them whole: one line carrying their total (shipping and tax 0), no
 * address (the page says so), a payment that agrees with their status (an order that left the shop was
 * paid) and a history from their placing to their status. A shop customer's order count and total spent
 * become the sums of the orders placed with their e-mail, and a statement-level trigger keeps them so
 * (an order deleted leaves both), as the rollups keep the dashboards' sums.
 */
export class Migration20261129134500_shop_order_lines extends Migration {

  override name = 'Migration20261129134500_shop_order_lines';

  override up(): void | Promise<void> {
    this.addSql(`alter table "ecommerce_orders" add column "shipping" numeric(12,2) not null default 0, add column "tax" numeric(12,2) not null default 0, add column "shipping_address" jsonb null, add column "billing_address" jsonb null;`);
    for (const [table, column] of STATUS_CHECKS) {
      this.addSql(`alter table "${table}" drop constraint "${table}_${column}_check";`);
      this.addSql(`alter table "${table}" add constraint "${table}_${column}_check" check ("${column}" in (${STATUSES}));`);
    }

    this.addSql(`create table "ecommerce_order_lines" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "order_id" int not null, "position" smallint not null, "product_name" varchar(160) not null, "sku" varchar(64) not null, "unit_price" numeric(12,2) not null, "quantity" int not null, constraint "ecommerce_order_lines_quantity_check" check (quantity > 0));`);
    this.addSql(`alter table "ecommerce_order_lines" add constraint "ecommerce_order_lines_order_id_position_unique" unique ("order_id", "position");`);
    this.addSql(`alter table "ecommerce_order_lines" add constraint "ecommerce_order_lines_order_id_foreign" foreign key ("order_id") references "ecommerce_orders" ("id") on delete cascade;`);

    // Orders stored before: one line with their total, named after a product of their shop.
    this.addSql(`insert into "ecommerce_order_lines" ("created_at", "updated_at", "order_id", "position", "product_name", "sku", "unit_price", "quantity")
      select o.created_at, now(), o.id, 1, coalesce(p.product_name, 'Item'), coalesce(p.sku, 'ITEM'), o.spent, 1
        from ecommerce_orders o
        left join lateral (
          select s.product_name, s.sku from ecommerce_products s
           where s.tenant_id is not distinct from o.tenant_id
           order by s.id
           offset (o.order_number % greatest(1, (select count(*) from ecommerce_products c where c.tenant_id is not distinct from o.tenant_id)))
           limit 1) p on true;`);
    this.addSql(`update "ecommerce_orders" set "payment" = 1 where "payment" <> 1;`);
    // Their history, from placing (Processing) along the usual way to the first status known.
    this.addSql(`insert into "ecommerce_order_events" ("created_at", "updated_at", "order_id", "from_status", "to_status", "by_name")
      with firsts as (
        select o.id, o.ordered_at,
               coalesce(first.from_status, o.status) as status,
               least(coalesce(first.created_at, now()), now()) as bound
          from ecommerce_orders o
          left join lateral (
            select e.from_status, e.created_at from ecommerce_order_events e
             where e.order_id = o.id order by e.created_at, e.id limit 1) first on true
      ), paths as (
        select f.*, case f.status
            when 'Dispatched' then array['Processing', 'Dispatched']
            when 'Out for Delivery' then array['Processing', 'Dispatched', 'Out for Delivery']
            when 'Ready to Pickup' then array['Processing', 'Dispatched', 'Ready to Pickup']
            when 'Delivered' then array['Processing', 'Dispatched', 'Out for Delivery', 'Delivered']
            else array['Processing'] end as path
          from firsts f
      )
      select t.at, t.at, p.id, p.path[s.k - 1], p.path[s.k], 'Opsdesk'
        from paths p
        cross join lateral generate_subscripts(p.path, 1) as s(k)
        cross join lateral (
          select case when s.k = 1 then p.ordered_at
                      else greatest(p.ordered_at, least(p.ordered_at + (s.k - 1) * interval '1 day', p.bound)) end as at) t
       order by p.id, s.k;`);

    // A shop customer's sums: the orders placed with their e-mail in the same shop, kept by a trigger.
    this.addSql(`create index "ecommerce_customers_email_tenant_id_index" on "ecommerce_customers" ("email", "tenant_id");`);
    this.addSql(`update "ecommerce_customers" c set "order_count" = s.n, "total_spent" = s.total
      from (select c2.id, count(o.id)::int as n, coalesce(sum(o.spent), 0) as total
              from ecommerce_customers c2
              left join ecommerce_orders o on o.email = c2.email and o.tenant_id is not distinct from c2.tenant_id
             group by c2.id) s
     where s.id = c.id and (c.order_count, c.total_spent) is distinct from (s.n, s.total);`);
    this.addSql(`create or replace function "ecommerce_customer_sums_track"() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${addSums('select tenant_id, email, count(*) as n, sum(spent) as spent from new_rows group by 1, 2')}
  elsif tg_op = 'DELETE' then
    ${addSums('select tenant_id, email, -count(*) as n, -sum(spent) as spent from old_rows group by 1, 2')}
  elsif tg_op = 'UPDATE' then
    ${addSums(`select tenant_id, email, sum(n) as n, sum(spent) as spent
      from (select tenant_id, email, -1 as n, -spent as spent from old_rows
            union all select tenant_id, email, 1, spent from new_rows) moved
     group by 1, 2 having sum(n) <> 0 or sum(spent) <> 0`)}
  elsif tg_op = 'TRUNCATE' then
    update ecommerce_customers set order_count = 0, total_spent = 0 where order_count <> 0 or total_spent <> 0;
  end if;
  return null;
end
$$;`);
    this.addSql(`create trigger "ecommerce_orders_customer_sums_insert" after insert on "ecommerce_orders" referencing new table as new_rows for each statement execute function "ecommerce_customer_sums_track"();`);
    this.addSql(`create trigger "ecommerce_orders_customer_sums_update" after update on "ecommerce_orders" referencing old table as old_rows new table as new_rows for each statement execute function "ecommerce_customer_sums_track"();`);
    this.addSql(`create trigger "ecommerce_orders_customer_sums_delete" after delete on "ecommerce_orders" referencing old table as old_rows for each statement execute function "ecommerce_customer_sums_track"();`);
    this.addSql(`create trigger "ecommerce_orders_customer_sums_truncate" after truncate on "ecommerce_orders" for each statement execute function "ecommerce_customer_sums_track"();`);
  }

  override down(): void | Promise<void> {
    for (const op of ['insert', 'update', 'delete', 'truncate']) this.addSql(`drop trigger if exists "ecommerce_orders_customer_sums_${op}" on "ecommerce_orders";`);
    this.addSql(`drop function if exists "ecommerce_customer_sums_track"();`);
    this.addSql(`drop index if exists "ecommerce_customers_email_tenant_id_index";`);
    this.addSql(`drop table if exists "ecommerce_order_lines" cascade;`);
    this.addSql(`delete from "ecommerce_order_events" where "from_status" in ('Processing', 'Cancelled') or "to_status" in ('Processing', 'Cancelled') or "from_status" is null;`);
    this.addSql(`update "ecommerce_orders" set "status" = 'Dispatched' where "status" in ('Processing', 'Cancelled');`);
    for (const [table, column] of STATUS_CHECKS) {
      this.addSql(`alter table "${table}" drop constraint "${table}_${column}_check";`);
      this.addSql(`alter table "${table}" add constraint "${table}_${column}_check" check ("${column}" in (${OLD_STATUSES}));`);
    }
    this.addSql(`alter table "ecommerce_orders" drop column "shipping", drop column "tax", drop column "shipping_address", drop column "billing_address";`);
  }

}
