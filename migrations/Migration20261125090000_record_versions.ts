import { Migration } from '@mikro-orm/migrations';

// Business records get an optimistic-lock column: 1 for every existing row, incremented by each
// update, and checked in the UPDATE's WHERE (a stale write changes nothing and is a CONFLICT).
// Schemes already have `version` (their own version number), so theirs is `lock_version`.
const TABLES = ['customers', 'licenses', 'directions', 'sub_directions', 'location_classes', 'locations', 'teams', 'users'];

export class Migration20261125090000_record_versions extends Migration {
  override name = 'Migration20261125090000_record_versions';

  override up(): void | Promise<void> {
    for (const table of TABLES) this.addSql(`alter table "${table}" add column "version" int not null default 1;`);
    this.addSql(`alter table "schemes" add column "lock_version" int not null default 1;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "schemes" drop column "lock_version";`);
    for (const table of TABLES) this.addSql(`alter table "${table}" drop column "version";`);
  }
}
