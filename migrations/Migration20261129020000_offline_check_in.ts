import { Migration } from '@mikro-orm/migrations';

/**
 * A check-in the device recorded while it had no connection: its time is the device's (sent later with
 * the queue, checked against the slot window at that time), and the reviewer is told it was offline.
 */
export class Migration20261129020000_offline_check_in extends Migration {

  override name = 'Migration20261129020000_offline_check_in';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tasks" add column "check_in_offline" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tasks" drop column "check_in_offline";`);
  }
}
