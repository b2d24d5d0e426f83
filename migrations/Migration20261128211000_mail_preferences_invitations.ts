import { Migration } from '@mikro-orm/migrations';

/**
 * Notifications remember their kind and their text as a key with values (read in the reader's language);
 * each user's choice per kind (in the app, by e-mail at once, in the daily digest, off) and time zone;
 * invitations are password links of their own purpose (7 days, revocable, who invited); the secret that
 * signs unsubscribe links, made once here so every process signs alike.
 */
export class Migration20261128211000_mail_preferences_invitations extends Migration {

  override name = 'Migration20261128211000_mail_preferences_invitations';

  override up(): void | Promise<void> {
    this.addSql(`alter table "notifications" add column "kind" varchar(20) null, add column "message_key" varchar(40) null, add column "message_values" jsonb null, add column "email" varchar(6) null, add column "emailed_at" timestamptz null;`);
    // E-mail still owed for a notification (at once, or in the next digest): the mail worker's queue.
    this.addSql(`create index "notifications_email_pending_index" on "notifications" ("email", "user_id") where "email" is not null and "emailed_at" is null;`);
    this.addSql(`alter table "password_resets" add column "purpose" varchar(12) not null default 'reset', add column "invited_by_id" int null, add column "revoked_at" timestamptz null;`);
    // The users list shows a pending invitation per user: the newest unused, unrevoked one.
    this.addSql(`create index "password_resets_user_id_purpose_index" on "password_resets" ("user_id", "purpose");`);
    this.addSql(`create table "notification_preferences" ("user_id" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "channels" jsonb not null default '{}', "time_zone" varchar(64) null, "digest_sent_at" timestamptz null, primary key ("user_id"));`);
    this.addSql(`alter table "notification_preferences" add constraint "notification_preferences_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`create table "app_secrets" ("name" varchar(40) not null, "value" varchar(128) not null, primary key ("name"));`);
    this.addSql(`insert into "app_secrets" ("name", "value") values ('unsubscribe', encode(sha256((gen_random_uuid()::text || clock_timestamp()::text || gen_random_uuid()::text)::bytea), 'hex'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "app_secrets" cascade;`);
    this.addSql(`drop table if exists "notification_preferences" cascade;`);
    this.addSql(`drop index if exists "password_resets_user_id_purpose_index";`);
    this.addSql(`alter table "password_resets" drop column "purpose", drop column "invited_by_id", drop column "revoked_at";`);
    this.addSql(`alter table "notifications" drop column "kind", drop column "message_key", drop column "message_values", drop column "email", drop column "emailed_at";`);
  }

}
