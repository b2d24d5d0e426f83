import { Migration } from '@mikro-orm/migrations';

/**
 * Kept task counts (issue 11): statement-level triggers keep, in table_row_counts, the number of tasks
 * per customer (table_name 'tasks', tenant_id = customer id) and per team ('tasks_by_team', tenant_id =
 * team id), in the same transaction as the rows; an unfiltered tasks.list of an admin or a team leader
 * reads its exact total there instead of counting up to a million rows. A task never changes customer;
 * a change of team (an assignment moved to another team) moves its count.
 */
export class Migration20261126111100_task_counts extends Migration {

  override name = 'Migration20261126111100_task_counts';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "tasks_counts_track"() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into table_row_counts (table_name, tenant_id, row_count)
      select 'tasks', customer_id, count(*) from new_rows group by customer_id
      union all
      select 'tasks_by_team', team_id, count(*) from new_rows group by team_id
      on conflict (table_name, tenant_id) do update set row_count = table_row_counts.row_count + excluded.row_count;
  elsif tg_op = 'DELETE' then
    update table_row_counts c set row_count = c.row_count - d.n
      from (select 'tasks' as t, customer_id as k, count(*) as n from old_rows group by customer_id
            union all
            select 'tasks_by_team', team_id, count(*) from old_rows group by team_id) d
     where c.table_name = d.t and c.tenant_id = d.k;
  elsif tg_op = 'UPDATE' then
    insert into table_row_counts (table_name, tenant_id, row_count)
      select 'tasks_by_team', team, sum(n) from (
        select o.team_id as team, -1 as n from old_rows o join new_rows nw on nw.id = o.id where o.team_id <> nw.team_id
        union all
        select nw.team_id, 1 from old_rows o join new_rows nw on nw.id = o.id where o.team_id <> nw.team_id
      ) moved group by team
      on conflict (table_name, tenant_id) do update set row_count = table_row_counts.row_count + excluded.row_count;
  elsif tg_op = 'TRUNCATE' then
    delete from table_row_counts where table_name in ('tasks', 'tasks_by_team');
  end if;
  return null;
end
$$;`);
    this.addSql(`delete from "table_row_counts" where "table_name" in ('tasks', 'tasks_by_team');`);
    this.addSql(`insert into "table_row_counts" ("table_name", "tenant_id", "row_count") select 'tasks', "customer_id", count(*) from "tasks" group by "customer_id";`);
    this.addSql(`insert into "table_row_counts" ("table_name", "tenant_id", "row_count") select 'tasks_by_team', "team_id", count(*) from "tasks" group by "team_id";`);
    // Idempotent: a database that ran this change under an earlier name keeps one set of triggers.
    for (const op of ['insert', 'delete', 'update', 'truncate']) this.addSql(`drop trigger if exists "tasks_count_${op}" on "tasks";`);
    this.addSql(`create trigger "tasks_count_insert" after insert on "tasks" referencing new table as new_rows for each statement execute function "tasks_counts_track"();`);
    this.addSql(`create trigger "tasks_count_delete" after delete on "tasks" referencing old table as old_rows for each statement execute function "tasks_counts_track"();`);
    this.addSql(`create trigger "tasks_count_update" after update on "tasks" referencing old table as old_rows new table as new_rows for each statement execute function "tasks_counts_track"();`);
    this.addSql(`create trigger "tasks_count_truncate" after truncate on "tasks" for each statement execute function "tasks_counts_track"();`);
  }

  override down(): void | Promise<void> {
    for (const op of ['insert', 'delete', 'update', 'truncate']) this.addSql(`drop trigger if exists "tasks_count_${op}" on "tasks";`);
    this.addSql(`drop function if exists "tasks_counts_track"();`);
    this.addSql(`delete from "table_row_counts" where "table_name" in ('tasks', 'tasks_by_team');`);
  }

}
