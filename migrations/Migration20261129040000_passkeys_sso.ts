import { Migration } from '@mikro-orm/migrations';

/**
 * Passkeys (WebAuthn credentials) and the challenges handed out for them; each customer's OpenID Connect
 * provider (client secret encrypted) and the single sign-on attempts in flight. A passkey counts as a
 * second factor, so adding or removing one signals the user's sessions like a TOTP key does.
 */
export class Migration20261129040000_passkeys_sso extends Migration {

  override name = 'Migration20261129040000_passkeys_sso';

  override up(): void | Promise<void> {
    this.addSql(`create table "passkeys" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" int not null, "credential_id" varchar(512) not null, "public_key" text not null, "counter" bigint not null, "transports" text[] null, "device_type" varchar(32) not null, "backed_up" boolean not null, "name" varchar(100) not null, "last_used_at" timestamptz null);`);
    this.addSql(`create index "passkeys_user_id_index" on "passkeys" ("user_id");`);
    this.addSql(`alter table "passkeys" add constraint "passkeys_credential_id_unique" unique ("credential_id");`);
    this.addSql(`alter table "passkeys" add constraint "passkeys_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`create trigger "passkeys_changed_sessions" after insert or delete on "passkeys" for each row
      execute function "opsdesk_session_change"('u', 'user_id');`);

    this.addSql(`create table "webauthn_challenges" ("id" serial primary key, "created_at" timestamptz not null, "challenge" varchar(128) not null, "purpose" text check ("purpose" in ('register', 'authenticate')) not null, "user_id" int null, "expires_at" timestamptz not null);`);
    this.addSql(`alter table "webauthn_challenges" add constraint "webauthn_challenges_challenge_unique" unique ("challenge");`);
    this.addSql(`create index "webauthn_challenges_user_id_index" on "webauthn_challenges" ("user_id");`);
    this.addSql(`create index "webauthn_challenges_expires_at_index" on "webauthn_challenges" ("expires_at");`);
    this.addSql(`alter table "webauthn_challenges" add constraint "webauthn_challenges_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "customer_sso" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int not null, "issuer" varchar(500) not null, "client_id" varchar(300) not null, "client_secret_encrypted" text not null, "email_domains" text[] not null, "default_role" text check ("default_role" in ('superadmin', 'admin', 'floormanager', 'teamleader', 'businessadmin', 'businessuser', 'qualitycontrol', 'analyst', 'client')) not null, "auto_create" boolean not null, "enforced" boolean not null);`);
    this.addSql(`alter table "customer_sso" add constraint "customer_sso_customer_id_unique" unique ("customer_id");`);
    this.addSql(`alter table "customer_sso" add constraint "customer_sso_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    // The login page finds a customer's provider by the typed address's domain.
    this.addSql(`create index "customer_sso_email_domains_gin" on "customer_sso" using gin ("email_domains");`);

    this.addSql(`create table "sso_logins" ("id" serial primary key, "created_at" timestamptz not null, "state" varchar(128) not null, "nonce" varchar(128) not null, "code_verifier" varchar(128) not null, "customer_id" int not null, "return_to" varchar(500) null, "expires_at" timestamptz not null);`);
    this.addSql(`alter table "sso_logins" add constraint "sso_logins_state_unique" unique ("state");`);
    this.addSql(`create index "sso_logins_customer_id_index" on "sso_logins" ("customer_id");`);
    this.addSql(`create index "sso_logins_expires_at_index" on "sso_logins" ("expires_at");`);
    this.addSql(`alter table "sso_logins" add constraint "sso_logins_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sso_logins" cascade;`);
    this.addSql(`drop table if exists "customer_sso" cascade;`);
    this.addSql(`drop table if exists "webauthn_challenges" cascade;`);
    this.addSql(`drop table if exists "passkeys" cascade;`);
  }

}
