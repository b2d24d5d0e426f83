import { Migration } from '@mikro-orm/migrations';

/**
 * The locations chosen in a project's planning form and not assigned yet are kept with the project (they
 * lived in one browser's storage), so a draft reopened in another session shows them.
 */
export class Migration20261128200100_project_location_choice extends Migration {

  override name = 'Migration20261128200100_project_location_choice';

  override up(): void | Promise<void> {
    this.addSql(`alter table "projects" add column "chosen_location_ids" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "projects" drop column "chosen_location_ids";`);
  }

}
