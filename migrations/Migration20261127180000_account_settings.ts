import { Migration } from '@mikro-orm/migrations';

/**
 * Account settings (issue 16): the kinds of notifications a user silenced, and when each sign-in session
 * was last used (listed with the sessions a user may end).
 */
export class Migration20261127180000_account_settings extends Migration {

  override name = 'Migration20261127180000_account_settings';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "muted_notifications" text[] not null default '{}';`);
    this.addSql(`alter table "sessions" add column "last_seen_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop column "last_seen_at";`);
    this.addSql(`alter table "users" drop column "muted_notifications";`);
  }

}
