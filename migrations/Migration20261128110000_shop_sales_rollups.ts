import { Migration } from '@mikro-orm/migrations';

/**
 * The analytics dashboard's sales figures (issue 16): orders and revenue per (demo tenant, UTC day,
 * payment method, payment state) are kept in "ecommerce_order_day_rollups" by statement-level triggers
 * (one grouped upsert per INSERT, UPDATE or DELETE statement, in the same transaction), as
 * "ecommerce_order_rollups" keeps months and statuses. A window of weeks of a million-order shop is then
 * summed from at most 8 rows a day, found by the primary key's (tenant_id, day) prefix.
 * The samples (no tenant) roll up under tenant 0, as table_row_counts does.
 */
export class Migration20261128110000_shop_sales_rollups extends Migration {

  override name = 'Migration20261128110000_shop_sales_rollups';

  override up(): void | Promise<void> {
    this.addSql(`create table "ecommerce_order_day_rollups" ("tenant_id" int not null, "day" date not null, "method" varchar(40) not null, "payment" smallint not null, "orders" bigint not null, "revenue" numeric(16,2) not null, primary key ("tenant_id", "day", "method", "payment"));`);
    this.addSql(`create or replace function "ecommerce_order_day_rollups_track"() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    insert into ecommerce_order_day_rollups (tenant_id, day, method, payment, orders, revenue)
      select coalesce(tenant_id, 0), (ordered_at at time zone 'UTC')::date, method, payment, -count(*), -sum(spent)
        from old_rows group by 1, 2, 3, 4
      on conflict (tenant_id, day, method, payment) do update
        set orders = ecommerce_order_day_rollups.orders + excluded.orders, revenue = ecommerce_order_day_rollups.revenue + excluded.revenue;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into ecommerce_order_day_rollups (tenant_id, day, method, payment, orders, revenue)
      select coalesce(tenant_id, 0), (ordered_at at time zone 'UTC')::date, method, payment, count(*), sum(spent)
        from new_rows group by 1, 2, 3, 4
      on conflict (tenant_id, day, method, payment) do update
        set orders = ecommerce_order_day_rollups.orders + excluded.orders, revenue = ecommerce_order_day_rollups.revenue + excluded.revenue;
  end if;
  if tg_op = 'TRUNCATE' then
    delete from ecommerce_order_day_rollups;
  end if;
  return null;
end
$$;`);
    this.addSql(`insert into "ecommerce_order_day_rollups" ("tenant_id", "day", "method", "payment", "orders", "revenue")
      select coalesce("tenant_id", 0), ("ordered_at" at time zone 'UTC')::date, "method", "payment", count(*), sum("spent")
        from "ecommerce_orders" group by 1, 2, 3, 4;`);
    this.addSql(`create trigger "ecommerce_orders_day_rollup_insert" after insert on "ecommerce_orders" referencing new table as new_rows for each statement execute function "ecommerce_order_day_rollups_track"();`);
    this.addSql(`create trigger "ecommerce_orders_day_rollup_update" after update on "ecommerce_orders" referencing old table as old_rows new table as new_rows for each statement execute function "ecommerce_order_day_rollups_track"();`);
    this.addSql(`create trigger "ecommerce_orders_day_rollup_delete" after delete on "ecommerce_orders" referencing old table as old_rows for each statement execute function "ecommerce_order_day_rollups_track"();`);
    this.addSql(`create trigger "ecommerce_orders_day_rollup_truncate" after truncate on "ecommerce_orders" for each statement execute function "ecommerce_order_day_rollups_track"();`);
  }

  override down(): void | Promise<void> {
    for (const op of ['insert', 'update', 'delete', 'truncate']) this.addSql(`drop trigger if exists "ecommerce_orders_day_rollup_${op}" on "ecommerce_orders";`);
    this.addSql(`drop function if exists "ecommerce_order_day_rollups_track"();`);
    this.addSql(`drop table if exists "ecommerce_order_day_rollups";`);
  }

}
