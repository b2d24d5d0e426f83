import { Migration } from '@mikro-orm/migrations';

/**
 * A second factor for sign-in: each user's TOTP key (one row, confirmed or pending) and its single-use
 * recovery codes (argon2id hashes); each customer's policy on who must have one, with a grace period
 * counted from when the policy last widened.
 */
export class Migration20261128220000_second_factor extends Migration {

  override name = 'Migration20261128220000_second_factor';

  override up(): void | Promise<void> {
    this.addSql(`create table "user_totp" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" int not null, "secret" varchar(64) not null, "enabled_at" timestamptz null, "last_step" bigint null);`);
    this.addSql(`alter table "user_totp" add constraint "user_totp_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "user_totp" add constraint "user_totp_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "recovery_codes" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" int not null, "code_hash" varchar(200) not null, "used_at" timestamptz null);`);
    this.addSql(`create index "recovery_codes_user_id_index" on "recovery_codes" ("user_id");`);
    this.addSql(`alter table "recovery_codes" add constraint "recovery_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "customers" add "two_factor_policy" text check ("two_factor_policy" in ('optional', 'admins', 'everyone')) not null default 'optional', add "two_factor_grace_days" int not null default 7, add "two_factor_policy_since" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "customers" drop column "two_factor_policy", drop column "two_factor_grace_days", drop column "two_factor_policy_since";`);
    this.addSql(`drop table if exists "recovery_codes" cascade;`);
    this.addSql(`drop table if exists "user_totp" cascade;`);
  }

}
