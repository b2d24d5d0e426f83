import { Migration } from '@mikro-orm/migrations';

/**
 * Evidence of a corrective action's fix says what it belongs to in the files list: files already named by a
 * done or verified action's evidence, and not linked to a task, are linked to that action.
 */
export class Migration20261128200000_corrective_action_evidence_links extends Migration {

  override name = 'Migration20261128200000_corrective_action_evidence_links';

  override up(): void | Promise<void> {
    this.addSql(`update "files" as f set "linked_type" = 'correctiveAction', "linked_id" = ca."id" from "corrective_actions" as ca, jsonb_array_elements(ca."evidence_file_ids") as e(file_id) where f."id" = (e.file_id)::int and f."linked_type" is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`update "files" set "linked_type" = null, "linked_id" = null where "linked_type" = 'correctiveAction';`);
  }

}
