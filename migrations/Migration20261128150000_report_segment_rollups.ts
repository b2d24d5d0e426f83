import { Migration } from '@mikro-orm/migrations';

/**
 * Reports at a million tasks (issue 13, speed): three smaller rollups beside the ones of migration
 * `reports`, so no report kind or role dashboard has to scan the per-location rollups of a whole customer.
 *
 *   report_task_segment_monthly      (customer, project, team, sub-direction, class, month) → the task
 *                                    sums of report_task_monthly: totals, trend, per project, per team,
 *                                    with or without a direction / sub-direction / class filter
 *   report_question_segment_monthly  (customer, project, team, sub-direction, class, month, question key)
 *                                    → failed, passed, na: a question breakdown with a location-attribute filter
 *   report_location_monthly          (customer, location, month, team) → approved, passed, scored, score sum:
 *                                    the location ranking and the score distribution without a project filter
 *                                    (key in (location, month) order: the ranking groups in index order)
 *
 * `location_class_id` 0 stands for "no class" (a key column is never null). The location's sub-direction
 * and class are copied at each task write (the location exists: tasks restrict its delete), so a second
 * trigger, on `locations`, moves a location's contribution when its sub-direction or class changes — taken
 * from the exact per-location rollups (report_task_monthly, report_question_monthly). A direction filter
 * reads the live sub-directions of the direction. The tasks triggers are their own (beside
 * `tasks_report_*`), with the same delta (old rows' contribution subtracted, new rows' added, only rows
 * whose counted columns changed), each upsert in key order. Backfilled here from the exact rollups.
 */
export class Migration20261128150000_report_segment_rollups extends Migration {

  override name = 'Migration20261128150000_report_segment_rollups';

  override up(): void | Promise<void> {
    this.addSql(`create table "report_task_segment_monthly" ("customer_id" int not null, "project_id" int not null, "team_id" int not null, "sub_direction_id" int not null, "location_class_id" int not null, "month" date not null, "planned" int not null default 0, "approved" int not null default 0, "passed" int not null default 0, "scored" int not null default 0, "score_sum" numeric(14,1) not null default 0, "on_time" int not null default 0, "reworked" int not null default 0, primary key ("customer_id", "project_id", "team_id", "sub_direction_id", "location_class_id", "month"));`);
    this.addSql(`create index "report_task_segment_monthly_customer_id_month_index" on "report_task_segment_monthly" ("customer_id", "month");`);

    this.addSql(`create table "report_question_segment_monthly" ("customer_id" int not null, "project_id" int not null, "team_id" int not null, "sub_direction_id" int not null, "location_class_id" int not null, "month" date not null, "question_key" varchar(64) not null, "failed" int not null default 0, "passed" int not null default 0, "na" int not null default 0, primary key ("customer_id", "project_id", "team_id", "sub_direction_id", "location_class_id", "month", "question_key"));`);
    this.addSql(`create index "report_question_segment_monthly_class_month_index" on "report_question_segment_monthly" ("customer_id", "location_class_id", "month");`);
    this.addSql(`create index "report_question_segment_monthly_sub_direction_month_index" on "report_question_segment_monthly" ("customer_id", "sub_direction_id", "month");`);

    this.addSql(`create table "report_location_monthly" ("customer_id" int not null, "location_id" int not null, "team_id" int not null, "month" date not null, "approved" int not null default 0, "passed" int not null default 0, "scored" int not null default 0, "score_sum" numeric(14,1) not null default 0, primary key ("customer_id", "location_id", "month", "team_id"));`);
    this.addSql(`create index "report_location_monthly_customer_id_team_id_index" on "report_location_monthly" ("customer_id", "team_id");`);

    // The upserts of a delta (rows with a sign and the task columns, joined to the location's attributes now).
    this.addSql(`create or replace function "report_segment_rollups_sql"(delta_sql text) returns text[] language plpgsql immutable as $$
begin
  return array[format($q$
    with delta as (%s),
    d as (
      select x.sign, x.customer_id, x.project_id, x.location_id, x.team_id,
             coalesce(l.sub_direction_id, 0) as sub_direction_id, coalesce(l.location_class_id, 0) as location_class_id,
             (date_trunc('month', x.starts_at at time zone c.time_zone))::date as month,
             x.status, x.score, x.passed, x.rework_count, x.submitted_at <= x.ends_at as on_time
        from delta x join customers c on c.id = x.customer_id join locations l on l.id = x.location_id
    ),
    seg as (
      insert into report_task_segment_monthly as r (customer_id, project_id, team_id, sub_direction_id, location_class_id, month, planned, approved, passed, scored, score_sum, on_time, reworked)
      select customer_id, project_id, team_id, sub_direction_id, location_class_id, month,
             sum(case when status <> 'cancelled' then sign else 0 end),
             sum(case when status = 'approved' then sign else 0 end),
             sum(case when status = 'approved' and passed then sign else 0 end),
             sum(case when status = 'approved' and score is not null then sign else 0 end),
             coalesce(sum(case when status = 'approved' and score is not null then sign * score else 0 end), 0),
             sum(case when status = 'approved' and on_time then sign else 0 end),
             sum(case when status = 'approved' and rework_count > 0 then sign else 0 end)
        from d group by customer_id, project_id, team_id, sub_direction_id, location_class_id, month
        order by customer_id, project_id, team_id, sub_direction_id, location_class_id, month
      on conflict (customer_id, project_id, team_id, sub_direction_id, location_class_id, month) do update set
        planned = r.planned + excluded.planned, approved = r.approved + excluded.approved, passed = r.passed + excluded.passed,
        scored = r.scored + excluded.scored, score_sum = r.score_sum + excluded.score_sum, on_time = r.on_time + excluded.on_time,
        reworked = r.reworked + excluded.reworked
      returning 1
    )
    insert into report_location_monthly as r (customer_id, location_id, team_id, month, approved, passed, scored, score_sum)
    select customer_id, location_id, team_id, month, sum(sign),
           sum(case when passed then sign else 0 end),
           sum(case when score is not null then sign else 0 end),
           coalesce(sum(case when score is not null then sign * score else 0 end), 0)
      from d where status = 'approved'
     group by customer_id, location_id, month, team_id
     order by customer_id, location_id, month, team_id
    on conflict (customer_id, location_id, month, team_id) do update set
      approved = r.approved + excluded.approved, passed = r.passed + excluded.passed,
      scored = r.scored + excluded.scored, score_sum = r.score_sum + excluded.score_sum
  $q$, delta_sql), format($q$
    with delta as (%s),
    o as (
      select x.sign, x.customer_id, x.project_id, x.team_id,
             coalesce(l.sub_direction_id, 0) as sub_direction_id, coalesce(l.location_class_id, 0) as location_class_id,
             (date_trunc('month', x.starts_at at time zone c.time_zone))::date as month, e.key, e.value
        from delta x join customers c on c.id = x.customer_id join locations l on l.id = x.location_id
        cross join lateral jsonb_each_text(coalesce(x.answer_outcomes, '{}'::jsonb)) e
       where x.status = 'approved'
    )
    insert into report_question_segment_monthly as r (customer_id, project_id, team_id, sub_direction_id, location_class_id, month, question_key, failed, passed, na)
    select customer_id, project_id, team_id, sub_direction_id, location_class_id, month, key,
           sum(case when value = 'failed' then sign else 0 end), sum(case when value = 'passed' then sign else 0 end), sum(case when value = 'na' then sign else 0 end)
      from o group by customer_id, project_id, team_id, sub_direction_id, location_class_id, month, key
      order by customer_id, project_id, team_id, sub_direction_id, location_class_id, month, key
    on conflict (customer_id, project_id, team_id, sub_direction_id, location_class_id, month, question_key) do update set
      failed = r.failed + excluded.failed, passed = r.passed + excluded.passed, na = r.na + excluded.na
  $q$, delta_sql)];
end
$$;`);

    this.addSql(`create or replace function "report_segment_rollups_track"() returns trigger language plpgsql as $$
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
    delete from report_task_segment_monthly;
    delete from report_question_segment_monthly;
    delete from report_location_monthly;
    return null;
  end if;
  foreach statement in array report_segment_rollups_sql(delta) loop
    execute statement;
  end loop;
  return null;
end
$$;`);
    this.addSql(`create trigger "tasks_report_segment_insert" after insert on "tasks" referencing new table as new_rows for each statement execute function "report_segment_rollups_track"();`);
    this.addSql(`create trigger "tasks_report_segment_delete" after delete on "tasks" referencing old table as old_rows for each statement execute function "report_segment_rollups_track"();`);
    this.addSql(`create trigger "tasks_report_segment_update" after update on "tasks" referencing old table as old_rows new table as new_rows for each statement execute function "report_segment_rollups_track"();`);
    this.addSql(`create trigger "tasks_report_segment_truncate" after truncate on "tasks" for each statement execute function "report_segment_rollups_track"();`);

    // A location changing sub-direction or class moves its contribution (from the exact per-location rollups).
    this.addSql(`create or replace function "report_location_moved"() returns trigger language plpgsql as $$
begin
  with moved as (
    select n.id, n.customer_id,
           coalesce(o.sub_direction_id, 0) as old_sub, coalesce(o.location_class_id, 0) as old_class,
           coalesce(n.sub_direction_id, 0) as new_sub, coalesce(n.location_class_id, 0) as new_class
      from old_rows o join new_rows n on n.id = o.id
     where (o.sub_direction_id, o.location_class_id) is distinct from (n.sub_direction_id, n.location_class_id)
  )
  insert into report_task_segment_monthly as r (customer_id, project_id, team_id, sub_direction_id, location_class_id, month, planned, approved, passed, scored, score_sum, on_time, reworked)
  select t.customer_id, t.project_id, t.team_id, s.sub, s.class, t.month,
         sum(s.sign * t.planned), sum(s.sign * t.approved), sum(s.sign * t.passed), sum(s.sign * t.scored),
         sum(s.sign * t.score_sum), sum(s.sign * t.on_time), sum(s.sign * t.reworked)
    from moved m
    join report_task_monthly t on t.customer_id = m.customer_id and t.location_id = m.id
    cross join lateral (values (-1, m.old_sub, m.old_class), (1, m.new_sub, m.new_class)) s(sign, sub, class)
   group by t.customer_id, t.project_id, t.team_id, s.sub, s.class, t.month
   order by t.customer_id, t.project_id, t.team_id, s.sub, s.class, t.month
  on conflict (customer_id, project_id, team_id, sub_direction_id, location_class_id, month) do update set
    planned = r.planned + excluded.planned, approved = r.approved + excluded.approved, passed = r.passed + excluded.passed,
    scored = r.scored + excluded.scored, score_sum = r.score_sum + excluded.score_sum, on_time = r.on_time + excluded.on_time,
    reworked = r.reworked + excluded.reworked;

  with moved as (
    select n.id, n.customer_id,
           coalesce(o.sub_direction_id, 0) as old_sub, coalesce(o.location_class_id, 0) as old_class,
           coalesce(n.sub_direction_id, 0) as new_sub, coalesce(n.location_class_id, 0) as new_class
      from old_rows o join new_rows n on n.id = o.id
     where (o.sub_direction_id, o.location_class_id) is distinct from (n.sub_direction_id, n.location_class_id)
  )
  insert into report_question_segment_monthly as r (customer_id, project_id, team_id, sub_direction_id, location_class_id, month, question_key, failed, passed, na)
  select q.customer_id, q.project_id, q.team_id, s.sub, s.class, q.month, q.question_key,
         sum(s.sign * q.failed), sum(s.sign * q.passed), sum(s.sign * q.na)
    from moved m
    join report_question_monthly q on q.customer_id = m.customer_id and q.location_id = m.id
    cross join lateral (values (-1, m.old_sub, m.old_class), (1, m.new_sub, m.new_class)) s(sign, sub, class)
   group by q.customer_id, q.project_id, q.team_id, s.sub, s.class, q.month, q.question_key
   order by q.customer_id, q.project_id, q.team_id, s.sub, s.class, q.month, q.question_key
  on conflict (customer_id, project_id, team_id, sub_direction_id, location_class_id, month, question_key) do update set
    failed = r.failed + excluded.failed, passed = r.passed + excluded.passed, na = r.na + excluded.na;
  return null;
end
$$;`);
    this.addSql(`create trigger "locations_report_moved" after update on "locations" referencing old table as old_rows new table as new_rows for each statement execute function "report_location_moved"();`);

    // Backfill from the exact rollups of migration `reports`.
    this.addSql(`insert into report_task_segment_monthly (customer_id, project_id, team_id, sub_direction_id, location_class_id, month, planned, approved, passed, scored, score_sum, on_time, reworked)
select r.customer_id, r.project_id, r.team_id, coalesce(l.sub_direction_id, 0), coalesce(l.location_class_id, 0), r.month,
       sum(r.planned), sum(r.approved), sum(r.passed), sum(r.scored), sum(r.score_sum), sum(r.on_time), sum(r.reworked)
  from report_task_monthly r join locations l on l.id = r.location_id
 group by r.customer_id, r.project_id, r.team_id, coalesce(l.sub_direction_id, 0), coalesce(l.location_class_id, 0), r.month;`);
    this.addSql(`insert into report_location_monthly (customer_id, location_id, team_id, month, approved, passed, scored, score_sum)
select customer_id, location_id, team_id, month, sum(approved), sum(passed), sum(scored), sum(score_sum)
  from report_task_monthly group by customer_id, location_id, team_id, month;`);
    this.addSql(`insert into report_question_segment_monthly (customer_id, project_id, team_id, sub_direction_id, location_class_id, month, question_key, failed, passed, na)
select r.customer_id, r.project_id, r.team_id, coalesce(l.sub_direction_id, 0), coalesce(l.location_class_id, 0), r.month, r.question_key,
       sum(r.failed), sum(r.passed), sum(r.na)
  from report_question_monthly r join locations l on l.id = r.location_id
 group by r.customer_id, r.project_id, r.team_id, coalesce(l.sub_direction_id, 0), coalesce(l.location_class_id, 0), r.month, r.question_key;`);
    for (const table of ['report_task_segment_monthly', 'report_question_segment_monthly', 'report_location_monthly']) this.addSql(`analyze "${table}";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "locations_report_moved" on "locations";`);
    this.addSql(`drop function if exists "report_location_moved"();`);
    for (const op of ['insert', 'delete', 'update', 'truncate']) this.addSql(`drop trigger if exists "tasks_report_segment_${op}" on "tasks";`);
    this.addSql(`drop function if exists "report_segment_rollups_track"();`);
    this.addSql(`drop function if exists "report_segment_rollups_sql"(text);`);
    this.addSql(`drop table if exists "report_location_monthly" cascade;`);
    this.addSql(`drop table if exists "report_question_segment_monthly" cascade;`);
    this.addSql(`drop table if exists "report_task_segment_monthly" cascade;`);
  }

}
