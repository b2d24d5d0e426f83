import { Migration } from '@mikro-orm/migrations';

export class Migration20261122003242_demo_shop_invoice_users extends Migration {

  override name = 'Migration20261122003242_demo_shop_invoice_users';

  override up(): void | Promise<void> {
    this.addSql(`create table "analytics_projects" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "logo" text not null, "name" varchar(120) not null, "project" varchar(80) not null, "leader" varchar(120) not null, "progress" smallint not null, "hours" varchar(10) not null, "team" text[] not null, "extra_members" int not null);`);

    this.addSql(`create table "demo_permissions" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" varchar(120) not null, "assigned_to" text[] not null, "created_date" timestamptz not null);`);

    this.addSql(`create table "demo_users" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "full_name" varchar(120) not null, "company" varchar(120) not null, "role" text not null, "username" varchar(60) not null, "country" varchar(80) not null, "contact" varchar(40) not null, "email" varchar(254) not null, "current_plan" text not null, "status" text not null, "avatar" text not null, "billing" text not null, "task_done" int not null default 0, "project_done" int not null default 0, "tax_id" varchar(40) not null, "language" varchar(40) not null);`);

    this.addSql(`create table "ecommerce_customers" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer" varchar(120) not null, "customer_id" int not null, "email" varchar(254) not null, "country" varchar(80) not null, "country_code" varchar(2) not null, "order_count" int not null, "total_spent" numeric(12,2) not null, "avatar" text not null, "contact" varchar(40) not null);`);
    this.addSql(`alter table "ecommerce_customers" add constraint "ecommerce_customers_customer_id_unique" unique ("customer_id");`);

    this.addSql(`create table "ecommerce_orders" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "order_number" int not null, "customer" varchar(120) not null, "email" varchar(254) not null, "avatar" text not null, "payment" smallint not null, "status" text not null, "spent" numeric(12,2) not null, "method" text not null, "ordered_at" timestamptz not null, "method_number" smallint not null);`);
    this.addSql(`alter table "ecommerce_orders" add constraint "ecommerce_orders_order_number_unique" unique ("order_number");`);

    this.addSql(`create table "ecommerce_products" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "product_name" varchar(160) not null, "product_brand" varchar(120) not null, "category" text not null, "stock" boolean not null, "sku" int not null, "price" numeric(12,2) not null, "qty" int not null, "status" text not null, "image" text not null);`);

    this.addSql(`create table "ecommerce_referrals" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user" varchar(120) not null, "email" varchar(254) not null, "avatar" text not null, "referred_id" int not null, "status" text not null, "value" numeric(12,2) not null, "earning" numeric(12,2) not null);`);

    this.addSql(`create table "ecommerce_reviews" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "product" varchar(160) not null, "company_name" varchar(120) not null, "product_image" text not null, "reviewer" varchar(120) not null, "email" varchar(254) not null, "avatar" text not null, "date" date not null, "status" text not null, "rating" smallint not null, "head" varchar(200) not null, "para" text not null);`);

    this.addSql(`create table "invoice_clients" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" varchar(120) not null, "company" varchar(160) not null, "company_email" varchar(254) not null, "address" varchar(300) not null, "country" varchar(80) not null, "contact" varchar(40) not null);`);

    this.addSql(`create table "invoices" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "client_id" int not null, "issued_date" date not null, "due_date" date not null, "service" varchar(160) not null, "total" numeric(12,2) not null, "avatar" text not null, "invoice_status" text not null, "balance" numeric(12,2) not null, "total_due" numeric(12,2) not null, "bank_name" varchar(120) not null, "bank_country" varchar(80) not null, "iban" varchar(40) not null, "swift_code" varchar(16) not null);`);
    this.addSql(`create index "invoices_client_id_index" on "invoices" ("client_id");`);
    this.addSql(`create index "invoices_issued_date_index" on "invoices" ("issued_date");`);

    this.addSql(`create table "logistics_vehicles" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "location" int not null, "start_city" varchar(80) not null, "start_country" varchar(80) not null, "end_city" varchar(80) not null, "end_country" varchar(80) not null, "warnings" text not null, "progress" smallint not null);`);

    this.addSql(`alter table "demo_users" add constraint "demo_users_role_check" check ("role" in ('editor', 'author', 'maintainer', 'subscriber', 'superadmin'));`);
    this.addSql(`alter table "demo_users" add constraint "demo_users_current_plan_check" check ("current_plan" in ('basic', 'team', 'company', 'enterprise'));`);
    this.addSql(`alter table "demo_users" add constraint "demo_users_status_check" check ("status" in ('active', 'inactive', 'pending'));`);
    this.addSql(`alter table "demo_users" add constraint "demo_users_billing_check" check ("billing" in ('Manual-Credit Card', 'Manual-Cash', 'Manual-PayPal', 'Auto debit'));`);

    this.addSql(`alter table "ecommerce_orders" add constraint "ecommerce_orders_status_check" check ("status" in ('Delivered', 'Ready to Pickup', 'Out for Delivery', 'Dispatched'));`);
    this.addSql(`alter table "ecommerce_orders" add constraint "ecommerce_orders_method_check" check ("method" in ('paypalLogo', 'mastercard'));`);

    this.addSql(`alter table "ecommerce_products" add constraint "ecommerce_products_category_check" check ("category" in ('Electronics', 'Accessories', 'Shoes', 'Office', 'Home Decor', 'Games'));`);
    this.addSql(`alter table "ecommerce_products" add constraint "ecommerce_products_status_check" check ("status" in ('Inactive', 'Published', 'Scheduled'));`);

    this.addSql(`alter table "ecommerce_referrals" add constraint "ecommerce_referrals_status_check" check ("status" in ('Unpaid', 'Paid', 'Rejected'));`);

    this.addSql(`alter table "ecommerce_reviews" add constraint "ecommerce_reviews_status_check" check ("status" in ('Published', 'Pending'));`);

    this.addSql(`alter table "invoices" add constraint "invoices_client_id_foreign" foreign key ("client_id") references "invoice_clients" ("id") on delete restrict;`);
    this.addSql(`alter table "invoices" add constraint "invoices_invoice_status_check" check ("invoice_status" in ('Paid', 'Downloaded', 'Sent', 'Draft', 'Partial Payment', 'Past Due'));`);

    this.addSql(`alter table "logistics_vehicles" add constraint "logistics_vehicles_warnings_check" check ("warnings" in ('No Warnings', 'Ecu Not Responding', 'Oil Leakage', 'Fuel Problems', 'Temperature not optimal'));`);

    // Hand-written: substring search (ILIKE '%q%') uses pg_trgm GIN indexes; list sorts on the shop's
    // big tables use (sort expression, id) btrees, matching the ORDER BY of src/server/lib/sql-list.ts
    // (text keys sort by lower(...) collate "C"), so deep pages read an index only.
    this.addSql(`create extension if not exists pg_trgm;`);
    const trgm: [string, string, string][] = [
      ['ecommerce_products', 'product_name', '"product_name"'],
      ['ecommerce_products', 'product_brand', '"product_brand"'],
      ['ecommerce_reviews', 'product', '"product"'],
      ['ecommerce_reviews', 'reviewer', '"reviewer"'],
      ['ecommerce_reviews', 'email', '"email"'],
      ['ecommerce_reviews', 'head', '"head"'],
      ['ecommerce_reviews', 'para', '"para"'],
      ['ecommerce_orders', 'customer', '"customer"'],
      ['ecommerce_orders', 'email', '"email"'],
      ['ecommerce_orders', 'order_number', '("order_number"::text)'],
      ['ecommerce_customers', 'customer', '"customer"'],
      ['ecommerce_customers', 'country', '"country"'],
      ['ecommerce_customers', 'email', '"email"'],
      ['invoice_clients', 'name', '"name"'],
      ['invoice_clients', 'company_email', '"company_email"'],
      ['invoices', 'id', '("id"::text)'],
      ['demo_users', 'full_name', '"full_name"'],
      ['demo_users', 'email', '"email"'],
      ['demo_permissions', 'name', '"name"'],
      ['analytics_projects', 'name', '"name"'],
      ['analytics_projects', 'leader', '"leader"'],
      ['analytics_projects', 'project', '"project"'],
    ];
    for (const [table, name, expr] of trgm) {
      this.addSql(`create index "${table}_${name}_trgm" on "${table}" using gin (${expr} gin_trgm_ops);`);
    }
    // [table, index name, sort expression, base column to INCLUDE (the planner only plans an index-only
    // scan of an expression index when the expression's columns are in the index too)]
    const sorts: [string, string, string, string?][] = [
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
    for (const [table, name, expr, include] of sorts) {
      const extra = include ? ` include ("${include}")` : '';
      this.addSql(`create index "${table}_${name}_sort" on "${table}" ((${expr}), "id")${extra};`);
    }
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "invoices" drop constraint "invoices_client_id_foreign";`);

    this.addSql(`drop table if exists "analytics_projects" cascade;`);
    this.addSql(`drop table if exists "demo_permissions" cascade;`);
    this.addSql(`drop table if exists "demo_users" cascade;`);
    this.addSql(`drop table if exists "ecommerce_customers" cascade;`);
    this.addSql(`drop table if exists "ecommerce_orders" cascade;`);
    this.addSql(`drop table if exists "ecommerce_products" cascade;`);
    this.addSql(`drop table if exists "ecommerce_referrals" cascade;`);
    this.addSql(`drop table if exists "ecommerce_reviews" cascade;`);
    this.addSql(`drop table if exists "invoice_clients" cascade;`);
    this.addSql(`drop table if exists "invoices" cascade;`);
    this.addSql(`drop table if exists "logistics_vehicles" cascade;`);

  }

}
