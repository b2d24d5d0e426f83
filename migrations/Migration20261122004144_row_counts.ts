import { Migration } from '@mikro-orm/migrations';

export class Migration20261122004144_row_counts extends Migration {

  override name = 'Migration20261122004144_row_counts';

  override up(): void | Promise<void> {
    this.addSql(`create table "table_row_counts" ("table_name" varchar(63) not null, "row_count" bigint not null, primary key ("table_name"));`);

    // Hand-written: statement-level triggers keep table_row_counts exact for the shop's big tables
    // (one counter update per INSERT/DELETE statement, in the same transaction, so readers see rows
    // and count change together). Unfiltered list totals read it instead of counting every row.
    this.addSql(`create or replace function "table_row_counts_track"() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update table_row_counts set row_count = row_count + (select count(*) from new_rows) where table_name = tg_table_name;
  elsif tg_op = 'DELETE' then
    update table_row_counts set row_count = row_count - (select count(*) from old_rows) where table_name = tg_table_name;
  elsif tg_op = 'TRUNCATE' then
    update table_row_counts set row_count = 0 where table_name = tg_table_name;
  end if;
  return null;
end
$$;`);
    for (const table of ['ecommerce_orders', 'ecommerce_customers']) {
      this.addSql(`insert into "table_row_counts" ("table_name", "row_count") select '${table}', count(*) from "${table}";`);
      this.addSql(`create trigger "${table}_count_insert" after insert on "${table}" referencing new table as new_rows for each statement execute function "table_row_counts_track"();`);
      this.addSql(`create trigger "${table}_count_delete" after delete on "${table}" referencing old table as old_rows for each statement execute function "table_row_counts_track"();`);
      this.addSql(`create trigger "${table}_count_truncate" after truncate on "${table}" for each statement execute function "table_row_counts_track"();`);
    }
  }

  override down(): void | Promise<void> {
    for (const table of ['ecommerce_orders', 'ecommerce_customers']) {
      this.addSql(`drop trigger if exists "${table}_count_insert" on "${table}";`);
      this.addSql(`drop trigger if exists "${table}_count_delete" on "${table}";`);
      this.addSql(`drop trigger if exists "${table}_count_truncate" on "${table}";`);
    }
    this.addSql(`drop function if exists "table_row_counts_track"();`);
    this.addSql(`drop table if exists "table_row_counts" cascade;`);
  }

}
