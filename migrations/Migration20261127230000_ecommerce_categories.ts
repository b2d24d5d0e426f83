import { Migration } from '@mikro-orm/migrations';

/**
 * Shop categories become a table of their own (issue 14), one list per shop copy, in place of the fixed
 * list the products' check constraint enforced. Products keep naming their category (renamed with it),
 * so the REST replies keep their shape. Products gain a description, a discount and a version.
 */
export class Migration20261127230000_ecommerce_categories extends Migration {

  override name = 'Migration20261127230000_ecommerce_categories';

  override up(): void | Promise<void> {
    this.addSql(`create table "ecommerce_categories" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "tenant_id" int null, "name" varchar(60) not null, "description" text not null default '', "version" int not null default 1);`);
    this.addSql(`alter table "ecommerce_categories" add constraint "ecommerce_categories_tenant_id_foreign" foreign key ("tenant_id") references "demo_tenants" ("id") on delete cascade;`);
    this.addSql(`alter table "ecommerce_categories" add constraint "ecommerce_categories_tenant_id_name_unique" unique ("tenant_id", "name");`);
    // The samples (when the shop is seeded already; a fresh database gets them from the seeder), then every shop copy made so far: its products' categories plus the fixed six.
    this.addSql(`insert into "ecommerce_categories" ("created_at", "updated_at", "tenant_id", "name")
      select now(), now(), null, c from unnest(array['Electronics', 'Accessories', 'Shoes', 'Office', 'Home Decor', 'Games']) as c
      where exists (select 1 from "ecommerce_products" where "tenant_id" is null);`);
    this.addSql(`insert into "ecommerce_categories" ("created_at", "updated_at", "tenant_id", "name")
      select now(), now(), t."id", s."name" from "demo_tenants" t cross join "ecommerce_categories" s
       where 'shop' = any(t."apps") and s."tenant_id" is null
      union
      select now(), now(), p."tenant_id", p."category" from "ecommerce_products" p where p."tenant_id" is not null
      on conflict do nothing;`);
    this.addSql(`alter table "ecommerce_products" drop constraint if exists "ecommerce_products_category_check";`);
    this.addSql(`alter table "ecommerce_products" alter column "category" type varchar(60) using "category"::varchar(60);`);
    this.addSql(`alter table "ecommerce_products" add column "description" text not null default '', add column "discount" smallint not null default 0, add column "version" int not null default 1;`);
    this.addSql(`create index "ecommerce_products_tenant_id_category_index" on "ecommerce_products" ("tenant_id", "category");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "ecommerce_products_tenant_id_category_index";`);
    this.addSql(`alter table "ecommerce_products" drop column "description", drop column "discount", drop column "version";`);
    this.addSql(`alter table "ecommerce_products" alter column "category" type text;`);
    this.addSql(`alter table "ecommerce_products" add constraint "ecommerce_products_category_check" check ("category" in ('Electronics', 'Accessories', 'Shoes', 'Office', 'Home Decor', 'Games'));`);
    this.addSql(`drop table if exists "ecommerce_categories" cascade;`);
  }

}
