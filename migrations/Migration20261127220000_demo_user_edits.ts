import { Migration } from '@mikro-orm/migrations';

/**
 * Users demo app edits (issue 14): an optimistic lock on the sample people, their two-step
 * verification switch (security tab) and the kinds of notifications they silenced (notifications tab).
 */
export class Migration20261127220000_demo_user_edits extends Migration {

  override name = 'Migration20261127220000_demo_user_edits';

  override up(): void | Promise<void> {
    this.addSql(`alter table "demo_users" add column "version" int not null default 1;`);
    this.addSql(`alter table "demo_users" add column "two_factor" boolean not null default false;`);
    this.addSql(`alter table "demo_users" add column "muted_notifications" text[] not null default '{}';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "demo_users" drop column "muted_notifications";`);
    this.addSql(`alter table "demo_users" drop column "two_factor";`);
    this.addSql(`alter table "demo_users" drop column "version";`);
  }

}
