import { Migration } from '@mikro-orm/migrations';

/**
 * The e-commerce dashboard (issue 16): orders and revenue per (demo tenant, UTC month, status) are kept
 * in "ecommerce_order_rollups" by statement-level triggers (one grouped upsert per INSERT, UPDATE or
 * DELETE statement, in the same transaction), so a million-order shop is summed from a few dozen rows.
 * The samples (no tenant) roll up under tenant 0, as table_row_counts does.
 */
export class Migration20261127240000_shop_dashboard extends Migration {

  override name = 'Migration20261127240000_shop_dashboard';

  override up(): void | Promise<void> {
    this.addSql(`create table "ecommerce_order_rollups" ("tenant_id" int not null, "month" date not null, "status" varchar(40) not null, "orders" bigint not null, "revenue" numeric(16,2) not null, primary key ("tenant_id", "month", "status"));`);
    this.addSql(`create or replace function "ecommerce_order_rollups_track"() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    insert into ecommerce_order_rollups (tenant_id, month, status, orders, revenue)
      select coalesce(tenant_id, 0), date_trunc('month', ordered_at at time zone 'UTC')::date, status, -count(*), -sum(spent)
        from old_rows group by 1, 2, 3
      on conflict (tenant_id, month, status) do update
        set orders = ecommerce_order_rollups.orders + excluded.orders, revenue = ecommerce_order_rollups.revenue + excluded.revenue;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into ecommerce_order_rollups (tenant_id, month, status, orders, revenue)
      select coalesce(tenant_id, 0), date_trunc('month', ordered_at at time zone 'UTC')::date, status, count(*), sum(spent)
        from new_rows group by 1, 2, 3
      on conflict (tenant_id, month, status) do update
        set orders = ecommerce_order_rollups.orders + excluded.orders, revenue = ecommerce_order_rollups.revenue + excluded.revenue;
  end if;
  if tg_op = 'TRUNCATE' then
    delete from ecommerce_order_rollups;
  end if;
  return null;
end
$$;`);
    this.addSql(`insert into "ecommerce_order_rollups" ("tenant_id", "month", "status", "orders", "revenue")
      select coalesce("tenant_id", 0), date_trunc('month', "ordered_at" at time zone 'UTC')::date, "status", count(*), sum("spent")
        from "ecommerce_orders" group by 1, 2, 3;`);
    this.addSql(`create trigger "ecommerce_orders_rollup_insert" after insert on "ecommerce_orders" referencing new table as new_rows for each statement execute function "ecommerce_order_rollups_track"();`);
    this.addSql(`create trigger "ecommerce_orders_rollup_update" after update on "ecommerce_orders" referencing old table as old_rows new table as new_rows for each statement execute function "ecommerce_order_rollups_track"();`);
    this.addSql(`create trigger "ecommerce_orders_rollup_delete" after delete on "ecommerce_orders" referencing old table as old_rows for each statement execute function "ecommerce_order_rollups_track"();`);
    this.addSql(`create trigger "ecommerce_orders_rollup_truncate" after truncate on "ecommerce_orders" for each statement execute function "ecommerce_order_rollups_track"();`);
  }

  override down(): void | Promise<void> {
    for (const op of ['insert', 'update', 'delete', 'truncate']) this.addSql(`drop trigger if exists "ecommerce_orders_rollup_${op}" on "ecommerce_orders";`);
    this.addSql(`drop function if exists "ecommerce_order_rollups_track"();`);
    this.addSql(`drop table if exists "ecommerce_order_rollups";`);
  }

}
