import { Migration } from '@mikro-orm/migrations';

export class Migration20261122003945_apps_email extends Migration {

  override name = 'Migration20261122003945_apps_email';

  override up(): void | Promise<void> {
    this.addSql(`create table "emails" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "owner_id" int null, "from_email" varchar(254) not null, "from_name" varchar(120) not null, "from_avatar" text not null default '', "to" jsonb not null, "cc" text[] not null default '{}', "bcc" text[] not null default '{}', "subject" varchar(300) not null, "message" text not null, "attachments" jsonb not null, "is_starred" boolean not null default false, "labels" text[] not null default '{}', "time" timestamptz not null, "replies" jsonb not null, "folder" text not null, "is_read" boolean not null default false, "is_deleted" boolean not null default false);`);
    this.addSql(`create index "emails_owner_id_folder_time_index" on "emails" ("owner_id", "folder", "time");`);
    this.addSql(`alter table "emails" add constraint "emails_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "emails" add constraint "emails_folder_check" check ("folder" in ('inbox', 'draft', 'spam', 'sent'));`);

    // Hand-written: the trigram indexes behind the sender/subject search.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "emails_from_name_trgm" on "emails" using gin ("from_name" gin_trgm_ops);`);
    this.addSql(`create index "emails_subject_trgm" on "emails" using gin ("subject" gin_trgm_ops);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "emails" cascade;`);
  }

}
