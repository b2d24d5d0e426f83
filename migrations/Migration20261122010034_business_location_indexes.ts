import { Migration } from '@mikro-orm/migrations';

// Grouped sorts (class, sub-direction, direction) read a group's rows by id; live-location counts
// become index-only. Replaces the single-column foreign-key indexes of locations.
export class Migration20261122010034_business_location_indexes extends Migration {

  override name = 'Migration20261122010034_business_location_indexes';

  override up(): void | Promise<void> {
    this.addSql(`drop index "locations_class_id_index";`);
    this.addSql(`drop index "locations_sub_direction_id_index";`);
    this.addSql(`create index "locations_sub_direction_id_id_index" on "locations" ("sub_direction_id", "id");`);
    this.addSql(`create index "locations_class_id_id_index" on "locations" ("class_id", "id");`);
    this.addSql(`create index "locations_live_index" on "locations" ("customer_id", "sub_direction_id", "class_id", "active") where "archived_at" is null;`);

  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "locations_sub_direction_id_id_index";`);
    this.addSql(`drop index "locations_class_id_id_index";`);
    this.addSql(`drop index "locations_live_index";`);
    this.addSql(`create index "locations_class_id_index" on "locations" ("class_id");`);
    this.addSql(`create index "locations_sub_direction_id_index" on "locations" ("sub_direction_id");`);
  }

}
