import { Migration } from '@mikro-orm/migrations';

export class Migration20261122003707_apps_chat extends Migration {

  override name = 'Migration20261122003707_apps_chat';

  override up(): void | Promise<void> {
    this.addSql(`create table "chat_people" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "full_name" varchar(120) not null, "role" varchar(120) not null, "about" text not null, "avatar" text not null, "status" text not null, "is_profile" boolean not null default false, "two_step_auth" boolean not null default false, "notifications_on" boolean not null default true);`);

    this.addSql(`create table "chats" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "owner_id" int null, "contact_id" int not null, "unseen_msgs" int not null default 0, "last_message_at" timestamptz null);`);
    this.addSql(`create index "chats_owner_id_last_message_at_index" on "chats" ("owner_id", "last_message_at");`);
    this.addSql(`alter table "chats" add constraint "chats_owner_id_contact_id_unique" unique ("owner_id", "contact_id");`);

    this.addSql(`create table "chat_messages" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "chat_id" int not null, "message" text not null, "time" timestamptz not null, "sender_id" int not null, "is_sent" boolean not null default true, "is_delivered" boolean not null default false, "is_seen" boolean not null default false);`);
    this.addSql(`create index "chat_messages_chat_id_time_index" on "chat_messages" ("chat_id", "time");`);

    this.addSql(`alter table "chat_people" add constraint "chat_people_status_check" check ("status" in ('online', 'offline', 'busy', 'away'));`);

    this.addSql(`alter table "chats" add constraint "chats_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "chats" add constraint "chats_contact_id_foreign" foreign key ("contact_id") references "chat_people" ("id") on delete cascade;`);
    this.addSql(`alter table "chats" add constraint "chats_unseen_msgs_check" check ((unseen_msgs >= 0));`);

    this.addSql(`alter table "chat_messages" add constraint "chat_messages_chat_id_foreign" foreign key ("chat_id") references "chats" ("id") on delete cascade;`);
    this.addSql(`alter table "chat_messages" add constraint "chat_messages_sender_id_foreign" foreign key ("sender_id") references "chat_people" ("id") on delete cascade;`);

    // Hand-written: the trigram index behind the contact-name search.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "chat_people_full_name_trgm" on "chat_people" using gin ("full_name" gin_trgm_ops);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "chats" drop constraint "chats_contact_id_foreign";`);
    this.addSql(`alter table "chat_messages" drop constraint "chat_messages_sender_id_foreign";`);
    this.addSql(`alter table "chat_messages" drop constraint "chat_messages_chat_id_foreign";`);

    this.addSql(`drop table if exists "chat_people" cascade;`);
    this.addSql(`drop table if exists "chats" cascade;`);
    this.addSql(`drop table if exists "chat_messages" cascade;`);
  }

}
