import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-in limits and account-mail caps shared by every app process: one counter row per key, counted
 * and decided by one upsert each; rows past `expires_at` are swept by a job.
 */
export class Migration20261128184904_rate_limits extends Migration {

  override name = 'Migration20261128184904_rate_limits';

  override up(): void | Promise<void> {
    this.addSql(`create table "rate_limits" ("key" varchar(320) not null, "hits" int not null, "window_start" timestamptz not null, "last_hit_at" timestamptz not null, "blocked_until" timestamptz null, "expires_at" timestamptz not null, primary key ("key"));`);
    this.addSql(`create index "rate_limits_expires_at_index" on "rate_limits" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rate_limits" cascade;`);
  }

}
