import { Migration } from '@mikro-orm/migrations';

export class Migration20261122003737_shell_notifications extends Migration {

  override name = 'Migration20261122003737_shell_notifications';

  override up(): void | Promise<void> {
    this.addSql(`create table "notifications" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" int not null, "title" varchar(200) not null, "body" varchar(1000) not null, "link" varchar(300) null, "read_at" timestamptz null);`);
    this.addSql(`create index "notifications_user_id_created_at_index" on "notifications" ("user_id", "created_at");`);
    this.addSql(`create index "notifications_user_id_read_at_index" on "notifications" ("user_id", "read_at");`);

    this.addSql(`alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "notifications" cascade;`);
  }

}
