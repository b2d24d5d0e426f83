import { Migration } from '@mikro-orm/migrations';

// Demo permissions can be edited (issue 14): a version, so concurrent edits conflict instead of overwriting.
export class Migration20261127140100_demo_permission_versions extends Migration {
  override name = 'Migration20261127140100_demo_permission_versions';

  override up(): void | Promise<void> {
    this.addSql(`alter table "demo_permissions" add column "version" int not null default 1;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "demo_permissions" drop column "version";`);
  }
}
