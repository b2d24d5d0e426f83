import { Migration } from '@mikro-orm/migrations';

export class Migration20261122002010_foundation extends Migration {

  override name = 'Migration20261122002010_foundation';

  override up(): void | Promise<void> {
    this.addSql(`create table "customers" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "code" varchar(16) not null, "name" varchar(200) not null, "email" varchar(254) null, "phone" varchar(40) null, "country" varchar(2) null, "city" varchar(120) null, "address" varchar(300) null, "status" text not null default 'active');`);
    this.addSql(`alter table "customers" add constraint "customers_code_unique" unique ("code");`);

    this.addSql(`create table "outbox_emails" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "to" varchar(254) not null, "subject" varchar(300) not null, "body" text not null, "kind" varchar(40) not null);`);
    this.addSql(`create index "outbox_emails_to_index" on "outbox_emails" ("to");`);

    this.addSql(`create table "users" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int null, "email" varchar(254) not null, "full_name" varchar(200) not null, "role" text not null, "status" text not null default 'active', "language" varchar(5) not null default 'en', "password_hash" varchar(255) not null, "last_login_at" timestamptz null);`);
    this.addSql(`create index "users_customer_id_index" on "users" ("customer_id");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`create index "users_role_index" on "users" ("role");`);

    this.addSql(`create table "sessions" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "token_hash" varchar(64) not null, "csrf_token" varchar(64) not null, "user_id" int not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "ip" varchar(64) null, "user_agent" varchar(400) null);`);
    this.addSql(`alter table "sessions" add constraint "sessions_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);

    this.addSql(`create table "password_resets" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "token_hash" varchar(64) not null, "user_id" int not null, "expires_at" timestamptz not null, "used_at" timestamptz null);`);
    this.addSql(`alter table "password_resets" add constraint "password_resets_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "password_resets_user_id_index" on "password_resets" ("user_id");`);

    this.addSql(`alter table "customers" add constraint "customers_status_check" check ("status" in ('active', 'suspended'));`);

    this.addSql(`alter table "users" add constraint "users_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "users" add constraint "users_role_check" check ("role" in ('superadmin', 'admin', 'floormanager', 'teamleader', 'businessadmin', 'businessuser', 'qualitycontrol', 'analyst', 'client'));`);
    this.addSql(`alter table "users" add constraint "users_status_check" check ("status" in ('active', 'inactive', 'pending'));`);

    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "password_resets" add constraint "password_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop constraint "users_customer_id_foreign";`);
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);
    this.addSql(`alter table "password_resets" drop constraint "password_resets_user_id_foreign";`);

    this.addSql(`drop table if exists "customers" cascade;`);
    this.addSql(`drop table if exists "outbox_emails" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "password_resets" cascade;`);
  }

}
