import { Migration } from '@mikro-orm/migrations';

/**
 * The reminder job (issue 11) finds scheduled tasks not reminded yet that start soon: a partial index
 * on their start, as small as the set of visits still waiting for a reminder.
 */
export class Migration20261126110000_task_reminders extends Migration {

  override name = 'Migration20261126110000_task_reminders';

  override up(): void | Promise<void> {
    this.addSql(`create index "tasks_reminder_due_index" on "tasks" ("starts_at") where "status" = 'scheduled' and "reminder_sent_at" is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "tasks_reminder_due_index";`);
  }

}
