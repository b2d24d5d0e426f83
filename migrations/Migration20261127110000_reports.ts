import { Migration } from '@mikro-orm/migrations';

/**
 * Reports (issue 13): saved report definitions, and the rollups every report kind reads.
 *
 * `tasks.answer_outcomes` keeps each scored question's outcome at submit (failed / passed / na).
 * Statement-level triggers on `tasks` keep three rollups in the same transaction as every write to
 * tasks, whoever makes it (services, slot planning's bulk insert, the missed-visit job, scripts):
 *
 *   report_task_monthly           (customer, project, location, team, month) → planned, approved,
 *                                 passed, scored, score_sum, on_time, reworked
 *   report_question_monthly       (customer, project, location, team, month, question key) → failed, passed, na
 *   report_question_team_monthly  (customer, project, team, month, question key) → failed, passed, na
 *
 * `month` is the month of the slot's start in the customer's time zone. A write is a delta: the old
 * row's contribution (from the transition table `old_rows`) subtracted, the new row's added, only for
 * rows whose counted columns changed, grouped per key and upserted in one statement per rollup. So an
 * approval, a re-score, a move to another team, a status change away from approved or a delete are
 * exact. Location attributes (direction, sub-direction, class) are not copied: reads join locations.
 * Each upsert takes its rows in key order, so concurrent writes lock shared rollup rows in one order.
 */
export class Migration20261127110000_reports extends Migration {

  override name = 'Migration20261127110000_reports';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tasks" add column "answer_outcomes" jsonb null;`);

    this.addSql(`create table "reports" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "version" int not null default 1, "customer_id" int null, "owner_id" int not null, "name" varchar(80) not null, "kind" text not null, "filters" jsonb not null, "shared" boolean not null default false);`);
    this.addSql(`alter table "reports" add constraint "reports_owner_id_name_unique" unique ("owner_id", "name");`);
    this.addSql(`create index "reports_customer_id_shared_index" on "reports" ("customer_id", "shared");`);
    this.addSql(`alter table "reports" add constraint "reports_kind_check" check ("kind" in ('project_summary', 'location_ranking', 'team_performance', 'question_breakdown'));`);
    this.addSql(`alter table "reports" add constraint "reports_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "reports" add constraint "reports_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "report_task_monthly" ("customer_id" int not null, "project_id" int not null, "location_id" int not null, "team_id" int not null, "month" date not null, "planned" int not null default 0, "approved" int not null default 0, "passed" int not null default 0, "scored" int not null default 0, "score_sum" numeric(14,1) not null default 0, "on_time" int not null default 0, "reworked" int not null default 0, primary key ("customer_id", "project_id", "location_id", "team_id", "month"));`);
    this.addSql(`create index "report_task_monthly_customer_id_month_index" on "report_task_monthly" ("customer_id", "month");`);
    this.addSql(`create index "report_task_monthly_customer_id_team_id_month_index" on "report_task_monthly" ("customer_id", "team_id", "month");`);
    this.addSql(`create index "report_task_monthly_customer_id_location_id_month_index" on "report_task_monthly" ("customer_id", "location_id", "month");`);

    this.addSql(`create table "report_question_monthly" ("customer_id" int not null, "project_id" int not null, "location_id" int not null, "team_id" int not null, "month" date not null, "question_key" varchar(64) not null, "failed" int not null default 0, "passed" int not null default 0, "na" int not null default 0, primary key ("customer_id", "project_id", "location_id", "team_id", "month", "question_key"));`);
    this.addSql(`create index "report_question_monthly_customer_id_location_id_month_index" on "report_question_monthly" ("customer_id", "location_id", "month");`);

    this.addSql(`create table "report_question_team_monthly" ("customer_id" int not null, "project_id" int not null, "team_id" int not null, "month" date not null, "question_key" varchar(64) not null, "failed" int not null default 0, "passed" int not null default 0, "na" int not null default 0, primary key ("customer_id", "project_id", "team_id", "month", "question_key"));`);
    this.addSql(`create index "report_question_team_monthly_customer_id_month_index" on "report_question_team_monthly" ("customer_id", "month");`);

    // The two upserts of a delta (rows with a sign: -1 × each old row, +1 × each new row whose counted columns differ).
    this.addSql(`create or replace function "report_rollups_sql"(delta_sql text) returns text[] language plpgsql immutable as $$
begin
  return array[format($q$
    with delta as (%s),
    d as (
      select x.sign, x.customer_id, x.project_id, x.location_id, x.team_id,
             (date_trunc('month', x.starts_at at time zone c.time_zone))::date as month,
             x.status, x.score, x.passed, x.rework_count, x.submitted_at <= x.ends_at as on_time, x.answer_outcomes
        from delta x join customers c on c.id = x.customer_id
    )
    insert into report_task_monthly as r (customer_id, project_id, location_id, team_id, month, planned, approved, passed, scored, score_sum, on_time, reworked)
    select customer_id, project_id, location_id, team_id, month,
           sum(case when status <> 'cancelled' then sign else 0 end),
           sum(case when status = 'approved' then sign else 0 end),
           sum(case when status = 'approved' and passed then sign else 0 end),
           sum(case when status = 'approved' and score is not null then sign else 0 end),
           coalesce(sum(case when status = 'approved' and score is not null then sign * score else 0 end), 0),
           sum(case when status = 'approved' and on_time then sign else 0 end),
           sum(case when status = 'approved' and rework_count > 0 then sign else 0 end)
      from d group by customer_id, project_id, location_id, team_id, month
      order by customer_id, project_id, location_id, team_id, month
    on conflict (customer_id, project_id, location_id, team_id, month) do update set
      planned = r.planned + excluded.planned, approved = r.approved + excluded.approved, passed = r.passed + excluded.passed,
      scored = r.scored + excluded.scored, score_sum = r.score_sum + excluded.score_sum, on_time = r.on_time + excluded.on_time,
      reworked = r.reworked + excluded.reworked
  $q$, delta_sql), format($q$
    with delta as (%s),
    o as (
      select x.sign, x.customer_id, x.project_id, x.location_id, x.team_id,
             (date_trunc('month', x.starts_at at time zone c.time_zone))::date as month, e.key, e.value
        from delta x join customers c on c.id = x.customer_id
        cross join lateral jsonb_each_text(coalesce(x.answer_outcomes, '{}'::jsonb)) e
       where x.status = 'approved'
    ),
    loc as (
      insert into report_question_monthly as r (customer_id, project_id, location_id, team_id, month, question_key, failed, passed, na)
      select customer_id, project_id, location_id, team_id, month, key,
             sum(case when value = 'failed' then sign else 0 end), sum(case when value = 'passed' then sign else 0 end), sum(case when value = 'na' then sign else 0 end)
        from o group by customer_id, project_id, location_id, team_id, month, key
        order by customer_id, project_id, location_id, team_id, month, key
      on conflict (customer_id, project_id, location_id, team_id, month, question_key) do update set
        failed = r.failed + excluded.failed, passed = r.passed + excluded.passed, na = r.na + excluded.na
      returning 1
    )
    insert into report_question_team_monthly as r (customer_id, project_id, team_id, month, question_key, failed, passed, na)
    select customer_id, project_id, team_id, month, key,
           sum(case when value = 'failed' then sign else 0 end), sum(case when value = 'passed' then sign else 0 end), sum(case when value = 'na' then sign else 0 end)
      from o group by customer_id, project_id, team_id, month, key
      order by customer_id, project_id, team_id, month, key
    on conflict (customer_id, project_id, team_id, month, question_key) do update set
      failed = r.failed + excluded.failed, passed = r.passed + excluded.passed, na = r.na + excluded.na
  $q$, delta_sql)];
end
$$;`);

    this.addSql(`create or replace function "report_rollups_track"() returns trigger language plpgsql as $$
declare
  statement text;
  delta text;
  cols constant text := 'customer_id, project_id, location_id, team_id, starts_at, ends_at, submitted_at, status, score, passed, rework_count, answer_outcomes';
begin
  if tg_op = 'INSERT' then
    delta := format('select 1 as sign, %s from new_rows', cols);
  elsif tg_op = 'DELETE' then
    delta := format('select -1 as sign, %s from old_rows', cols);
  elsif tg_op = 'UPDATE' then
    delta := format(
      'select -1 as sign, %1$s from old_rows o where exists (select 1 from new_rows n where n.id = o.id and %2$s is distinct from %3$s)
       union all
       select 1, %1$s from new_rows n where exists (select 1 from old_rows o where o.id = n.id and %2$s is distinct from %3$s)',
      cols, '(n.customer_id, n.project_id, n.location_id, n.team_id, n.starts_at, n.ends_at, n.submitted_at, n.status, n.score, n.passed, n.rework_count, n.answer_outcomes)', '(o.customer_id, o.project_id, o.location_id, o.team_id, o.starts_at, o.ends_at, o.submitted_at, o.status, o.score, o.passed, o.rework_count, o.answer_outcomes)');
  elsif tg_op = 'TRUNCATE' then
    delete from report_task_monthly;
    delete from report_question_monthly;
    delete from report_question_team_monthly;
    return null;
  end if;
  -- Executed here: transition tables are visible to this trigger function's statements only.
  foreach statement in array report_rollups_sql(delta) loop
    execute statement;
  end loop;
  return null;
end
$$;`);
    this.addSql(`create trigger "tasks_report_insert" after insert on "tasks" referencing new table as new_rows for each statement execute function "report_rollups_track"();`);
    this.addSql(`create trigger "tasks_report_delete" after delete on "tasks" referencing old table as old_rows for each statement execute function "report_rollups_track"();`);
    this.addSql(`create trigger "tasks_report_update" after update on "tasks" referencing old table as old_rows new table as new_rows for each statement execute function "report_rollups_track"();`);
    this.addSql(`create trigger "tasks_report_truncate" after truncate on "tasks" for each statement execute function "report_rollups_track"();`);
    // Tasks already there (the planned counts; nothing is approved with outcomes before this migration).
    this.addSql(`do $$ declare statement text; begin
  foreach statement in array report_rollups_sql('select 1 as sign, customer_id, project_id, location_id, team_id, starts_at, ends_at, submitted_at, status, score, passed, rework_count, answer_outcomes from tasks') loop
    execute statement;
  end loop;
end $$;`);
  }

  override down(): void | Promise<void> {
    for (const op of ['insert', 'delete', 'update', 'truncate']) this.addSql(`drop trigger if exists "tasks_report_${op}" on "tasks";`);
    this.addSql(`drop function if exists "report_rollups_track"();`);
    this.addSql(`drop function if exists "report_rollups_sql"(text);`);
    this.addSql(`drop table if exists "report_question_team_monthly" cascade;`);
    this.addSql(`drop table if exists "report_question_monthly" cascade;`);
    this.addSql(`drop table if exists "report_task_monthly" cascade;`);
    this.addSql(`drop table if exists "reports" cascade;`);
    this.addSql(`alter table "tasks" drop column "answer_outcomes";`);
  }

}
