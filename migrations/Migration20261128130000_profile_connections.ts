import { Migration } from '@mikro-orm/migrations';

/**
 * User profile page (issue 16): each user's own connect / disconnect on the sample profile's
 * connections tab, one row per user and card name.
 */
export class Migration20261128130000_profile_connections extends Migration {

  override name = 'Migration20261128130000_profile_connections';

  override up(): void | Promise<void> {
    this.addSql(`create table "profile_connections" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "owner_id" int not null, "name" varchar(120) not null, "connected" boolean not null);`);
    this.addSql(`alter table "profile_connections" add constraint "profile_connections_owner_id_name_unique" unique ("owner_id", "name");`);
    this.addSql(`alter table "profile_connections" add constraint "profile_connections_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "profile_connections" cascade;`);
  }

}
