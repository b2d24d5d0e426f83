import { Migration } from '@mikro-orm/migrations';

// One name for location classes: the table `classes` becomes `location_classes` and the column
// `locations.class_id` becomes `location_class_id`, with their sequence, constraints and indexes.

/** PostgreSQL 18 names NOT NULL constraints after their table (`classes_name_not_null`); older versions have none. */
function renameNotNull(table: string, from: string, to: string): string {
  return `do $$ declare c record; begin
    for c in select conname from pg_constraint where conrelid = '${table}'::regclass and contype = 'n' and starts_with(conname, '${from}') loop
      execute format('alter table %I rename constraint %I to %I', '${table}', c.conname, '${to}' || substr(c.conname, ${from.length + 1}));
    end loop;
  end $$;`;
}

export class Migration20261124020000_location_classes extends Migration {

  override name = 'Migration20261124020000_location_classes';

  override up(): void | Promise<void> {
    this.addSql(`alter table "classes" rename to "location_classes";`);
    this.addSql(`alter sequence "classes_id_seq" rename to "location_classes_id_seq";`);
    this.addSql(`alter table "location_classes" rename constraint "classes_pkey" to "location_classes_pkey";`);
    this.addSql(`alter table "location_classes" rename constraint "classes_customer_id_foreign" to "location_classes_customer_id_foreign";`);
    this.addSql(`alter table "location_classes" rename constraint "classes_customer_name_unique" to "location_classes_customer_name_unique";`);
    this.addSql(`alter table "location_classes" rename constraint "classes_color_check" to "location_classes_color_check";`);
    this.addSql(`alter index "classes_name_trgm" rename to "location_classes_name_trgm";`);
    this.addSql(renameNotNull('location_classes', 'classes_', 'location_classes_'));

    this.addSql(`alter table "locations" rename column "class_id" to "location_class_id";`);
    this.addSql(`alter table "locations" rename constraint "locations_class_id_foreign" to "locations_location_class_id_foreign";`);
    this.addSql(`alter index "locations_class_id_id_index" rename to "locations_location_class_id_id_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter index "locations_location_class_id_id_index" rename to "locations_class_id_id_index";`);
    this.addSql(`alter table "locations" rename constraint "locations_location_class_id_foreign" to "locations_class_id_foreign";`);
    this.addSql(`alter table "locations" rename column "location_class_id" to "class_id";`);

    this.addSql(renameNotNull('location_classes', 'location_classes_', 'classes_'));
    this.addSql(`alter index "location_classes_name_trgm" rename to "classes_name_trgm";`);
    this.addSql(`alter table "location_classes" rename constraint "location_classes_color_check" to "classes_color_check";`);
    this.addSql(`alter table "location_classes" rename constraint "location_classes_customer_name_unique" to "classes_customer_name_unique";`);
    this.addSql(`alter table "location_classes" rename constraint "location_classes_customer_id_foreign" to "classes_customer_id_foreign";`);
    this.addSql(`alter table "location_classes" rename constraint "location_classes_pkey" to "classes_pkey";`);
    this.addSql(`alter sequence "location_classes_id_seq" rename to "classes_id_seq";`);
    this.addSql(`alter table "location_classes" rename to "classes";`);
  }

}
