import { Migration } from '@mikro-orm/migrations';

export class Migration20261122004428_apps_search extends Migration {

  override name = 'Migration20261122004428_apps_search';

  override up(): void | Promise<void> {
    this.addSql(`create table "search_items" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "group_title" varchar(80) not null, "group_position" int not null, "title" varchar(120) not null, "icon" varchar(60) not null, "url" varchar(300) not null, "subject" varchar(40) null, "position" int not null);`);
    this.addSql(`alter table "search_items" add constraint "search_items_url_unique" unique ("url");`);
    this.addSql(`create index "search_items_group_position_position_index" on "search_items" ("group_position", "position");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "search_items" cascade;`);
  }

}
