import { Migration } from '@mikro-orm/migrations';

export class Migration20261122003501_apps_calendar extends Migration {

  override name = 'Migration20261122003501_apps_calendar';

  override up(): void | Promise<void> {
    this.addSql(`create table "calendar_events" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "owner_id" int null, "title" varchar(200) not null, "url" varchar(500) not null default '', "starts_at" timestamptz not null, "ends_at" timestamptz not null, "all_day" boolean not null default false, "calendar" text not null, "location" varchar(200) not null default '', "description" text not null default '', "guests" text[] not null default '{}');`);
    this.addSql(`create index "calendar_events_owner_id_calendar_starts_at_index" on "calendar_events" ("owner_id", "calendar", "starts_at");`);

    this.addSql(`alter table "calendar_events" add constraint "calendar_events_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "calendar_events" add constraint "calendar_events_period_check" check ((ends_at >= starts_at));`);
    this.addSql(`alter table "calendar_events" add constraint "calendar_events_calendar_check" check ("calendar" in ('Business', 'Holiday', 'Personal', 'Family', 'ETC'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "calendar_events" cascade;`);
  }

}
