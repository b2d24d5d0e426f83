import { Migration } from '@mikro-orm/migrations';

export class Migration20261127150000_chat_live extends Migration {

  override name = 'Migration20261127150000_chat_live';

  override up(): void | Promise<void> {
    this.addSql(`create table "chat_direct_messages" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int null, "sender_id" int not null, "recipient_id" int not null, "message" text not null, "time" timestamptz not null, "delivered_at" timestamptz null, "seen_at" timestamptz null);`);
    this.addSql(`create index "chat_direct_messages_customer_id_index" on "chat_direct_messages" ("customer_id");`);
    this.addSql(`create index "chat_direct_messages_sender_recipient_id_index" on "chat_direct_messages" ("sender_id", "recipient_id", "id");`);
    this.addSql(`create index "chat_direct_messages_recipient_sender_id_index" on "chat_direct_messages" ("recipient_id", "sender_id", "id");`);

    this.addSql(`create table "chat_presences" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" int not null, "status" text not null);`);
    this.addSql(`alter table "chat_presences" add constraint "chat_presences_user_id_unique" unique ("user_id");`);

    this.addSql(`alter table "chat_direct_messages" add constraint "chat_direct_messages_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "chat_direct_messages" add constraint "chat_direct_messages_sender_id_foreign" foreign key ("sender_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "chat_direct_messages" add constraint "chat_direct_messages_recipient_id_foreign" foreign key ("recipient_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "chat_direct_messages" add constraint "chat_direct_messages_not_self_check" check ((sender_id <> recipient_id));`);

    this.addSql(`alter table "chat_presences" add constraint "chat_presences_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "chat_presences" add constraint "chat_presences_status_check" check ("status" in ('online', 'offline', 'busy', 'away'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "chat_direct_messages" cascade;`);
    this.addSql(`drop table if exists "chat_presences" cascade;`);
  }

}
