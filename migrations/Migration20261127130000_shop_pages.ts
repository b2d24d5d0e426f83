import { Migration } from '@mikro-orm/migrations';

/**
 * The e-commerce pages (issue 14): reviews and orders get an optimistic-lock version (approve,
 * unpublish and status moves never overwrite a newer change), every order status move is kept in
 * ecommerce_order_events, and each customer's shop keeps its store settings (one row per demo tenant).
 */
export class Migration20261127130000_shop_pages extends Migration {

  override name = 'Migration20261127130000_shop_pages';

  override up(): void | Promise<void> {
    this.addSql(`alter table "ecommerce_reviews" add column "version" int not null default 1;`);
    this.addSql(`alter table "ecommerce_orders" add column "version" int not null default 1;`);

    this.addSql(`create table "ecommerce_order_events" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "order_id" int not null, "from_status" text null, "to_status" text not null, "by_name" varchar(120) not null);`);
    this.addSql(`create index "ecommerce_order_events_order_id_index" on "ecommerce_order_events" ("order_id");`);
    this.addSql(`alter table "ecommerce_order_events" add constraint "ecommerce_order_events_order_id_foreign" foreign key ("order_id") references "ecommerce_orders" ("id") on delete cascade;`);
    this.addSql(`alter table "ecommerce_order_events" add constraint "ecommerce_order_events_from_status_check" check ("from_status" in ('Delivered', 'Ready to Pickup', 'Out for Delivery', 'Dispatched'));`);
    this.addSql(`alter table "ecommerce_order_events" add constraint "ecommerce_order_events_to_status_check" check ("to_status" in ('Delivered', 'Ready to Pickup', 'Out for Delivery', 'Dispatched'));`);

    this.addSql(`create table "ecommerce_settings" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" int not null, "data" jsonb not null, "version" int not null default 1);`);
    this.addSql(`alter table "ecommerce_settings" add constraint "ecommerce_settings_tenant_id_unique" unique ("tenant_id");`);
    this.addSql(`alter table "ecommerce_settings" add constraint "ecommerce_settings_tenant_id_foreign" foreign key ("tenant_id") references "demo_tenants" ("id") on delete cascade;`);

    // A shop customer's orders are found by e-mail within the tenant (customer details page).
    this.addSql(`create index "ecommerce_orders_tenant_id_email_index" on "ecommerce_orders" ("tenant_id", "email");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "ecommerce_orders_tenant_id_email_index";`);
    this.addSql(`drop table if exists "ecommerce_settings" cascade;`);
    this.addSql(`drop table if exists "ecommerce_order_events" cascade;`);
    this.addSql(`alter table "ecommerce_orders" drop column "version";`);
    this.addSql(`alter table "ecommerce_reviews" drop column "version";`);
  }

}
