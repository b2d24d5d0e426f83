import { Migration } from '@mikro-orm/migrations';

/** Calendar demo app (issue 15): an optimistic lock on events, so two tabs cannot overwrite each other's edit. */
export class Migration20261128090000_calendar_event_version extends Migration {

  override name = 'Migration20261128090000_calendar_event_version';

  override up(): void | Promise<void> {
    this.addSql(`alter table "calendar_events" add column "version" int not null default 1;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "calendar_events" drop column "version";`);
  }

}
