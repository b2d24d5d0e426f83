import { Migration } from '@mikro-orm/migrations';

export class Migration20261122013359_saved_views extends Migration {

  override name = 'Migration20261122013359_saved_views';

  override up(): void | Promise<void> {
    this.addSql(`create table "saved_views" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "owner_id" int not null, "customer_id" int null, "list_key" varchar(60) not null, "name" varchar(80) not null, "query" varchar(2000) not null, "shared" boolean not null default false);`);
    this.addSql(`create index "saved_views_customer_list_key_shared_index" on "saved_views" ("customer_id", "list_key", "shared");`);
    this.addSql(`alter table "saved_views" add constraint "saved_views_owner_list_key_name_unique" unique ("owner_id", "list_key", "name");`);

    this.addSql(`alter table "saved_views" add constraint "saved_views_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "saved_views" add constraint "saved_views_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "saved_views" cascade;`);
  }

}
