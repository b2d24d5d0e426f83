import { Migration } from '@mikro-orm/migrations';

/**
 * tasks.list at a million tasks (issue 11): the list indexes carry the columns the scope and the
 * filters test (customer, status, and for the customer's index the copied references), so counts
 * and page walks are index-only scans instead of visiting a heap row per task.
 */
export class Migration20261126111000_task_list_indexes extends Migration {

  override name = 'Migration20261126111000_task_list_indexes';

  private static readonly INDEXES: [string, string, string][] = [
    ['tasks_assignee_id_starts_at_id_index', '"assignee_id", "starts_at", "id"', '"customer_id", "status"'],
    ['tasks_project_id_status_starts_at_id_index', '"project_id", "status", "starts_at", "id"', '"customer_id"'],
    ['tasks_project_id_starts_at_id_index', '"project_id", "starts_at", "id"', '"customer_id", "status"'],
    ['tasks_location_id_starts_at_id_index', '"location_id", "starts_at", "id"', '"customer_id", "status"'],
    ['tasks_team_id_starts_at_id_index', '"team_id", "starts_at", "id"', '"customer_id", "status"'],
    ['tasks_customer_id_starts_at_id_index', '"customer_id", "starts_at", "id"', '"status", "project_id", "location_id", "team_id", "assignee_id"'],
  ];

  override up(): void | Promise<void> {
    for (const [name, keys, include] of Migration20261126111000_task_list_indexes.INDEXES) {
      this.addSql(`drop index if exists "${name}";`);
      this.addSql(`create index "${name}" on "tasks" (${keys}) include (${include});`);
    }
  }

  override down(): void | Promise<void> {
    for (const [name, keys] of Migration20261126111000_task_list_indexes.INDEXES) {
      this.addSql(`drop index if exists "${name}";`);
      this.addSql(`create index "${name}" on "tasks" (${keys});`);
    }
  }

}
