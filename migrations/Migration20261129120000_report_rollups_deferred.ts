import { Migration } from '@mikro-orm/migrations';

/**
 * Concurrent task transitions (issue 28's webhooks bench): the report rollups' statement triggers on
 * `tasks` update a handful of rows per customer and month, so every transition of one customer in one
 * month takes the same rollup rows' locks at its flush and holds them until it commits. Whatever the
 * transaction does after its flush (reading the task for a webhook payload, writing the delivery row,
 * notifications, audit) was done while the other transitions waited: 10 at once, a payload read made
 * the p95 39 % worse, the same work 3 % worse one at a time.
 *
 * A transaction that sets `opsdesk.defer_rollups` to 'on' (set local) now has its tasks' deltas kept in
 * `report_rollup_deferred` (private to it: rows nobody else sees until commit, removed before) and
 * folded into the rollups by a deferred constraint trigger as it commits: the rollup rows are locked
 * only for the commit. The folding is the same statements the triggers run (report_rollups_sql and
 * report_segment_rollups_sql over the kept deltas), so the rollups stay exact. Without the setting
 * nothing changes (bulk writes such as slots.generate keep folding at once, statement by statement).
 */
const TRACKED = ['customer_id', 'project_id', 'location_id', 'team_id', 'starts_at', 'ends_at', 'submitted_at', 'status', 'score', 'passed', 'rework_count', 'answer_outcomes'];
const cols = TRACKED.join(', ');
const tuple = (alias: string) => `(${TRACKED.map((c) => `${alias}.${c}`).join(', ')})`;

const FUNCTIONS: [string, string, string[]][] = [
  ['report_rollups_track', 'report_rollups_sql', ['report_task_monthly', 'report_question_monthly', 'report_question_team_monthly']],
  ['report_segment_rollups_track', 'report_segment_rollups_sql', ['report_task_segment_monthly', 'report_question_segment_monthly', 'report_location_monthly']],
];

/** One of the two rollup trigger functions; `defer`: keep the deltas when the transaction asks for it. */
function trackFunction(name: string, sqlFunction: string, tables: string[], defer: boolean): string {
  const deferred = defer
    ? `  if current_setting('opsdesk.defer_rollups', true) = 'on' then
    execute format('insert into report_rollup_deferred (kind, sign, %s) select %L, d.* from (%s) d', cols, '${name}', delta);
    return null;
  end if;
`
    : '';
  return `create or replace function "${name}"() returns trigger language plpgsql as $$
declare
  statement text;
  delta text;
  cols constant text := '${cols}';
begin
  if tg_op = 'INSERT' then
    delta := format('select 1 as sign, %s from new_rows', cols);
  elsif tg_op = 'DELETE' then
    delta := format('select -1 as sign, %s from old_rows', cols);
  elsif tg_op = 'UPDATE' then
    if not exists (select 1 from old_rows o join new_rows n on n.id = o.id where ${tuple('n')} is distinct from ${tuple('o')}) then
      return null;
    end if;
    delta := format(
      'select -1 as sign, %1$s from old_rows o where exists (select 1 from new_rows n where n.id = o.id and %2$s is distinct from %3$s)
       union all
       select 1, %1$s from new_rows n where exists (select 1 from old_rows o where o.id = n.id and %2$s is distinct from %3$s)',
      cols, '${tuple('n')}', '${tuple('o')}');
  elsif tg_op = 'TRUNCATE' then
${tables.map((t) => `    delete from ${t};`).join('\n')}
    return null;
  end if;
${deferred}  -- Executed here: transition tables are visible to this trigger function's statements only.
  foreach statement in array ${sqlFunction}(delta) loop
    execute statement;
  end loop;
  return null;
end
$$;`;
}

export class Migration20261129120000_report_rollups_deferred extends Migration {

  override name = 'Migration20261129120000_report_rollups_deferred';

  override up(): void | Promise<void> {
    // The deltas' columns as tasks has them; unlogged: rows live only inside the transaction that wrote them.
    this.addSql(`create unlogged table "report_rollup_deferred" as select ''::text as kind, 0 as sign, ${cols} from "tasks" with no data;`);
    this.addSql(`alter table "report_rollup_deferred" alter column "kind" set not null, alter column "sign" set not null, alter column "customer_id" set not null;`);
    this.addSql(`create or replace function "report_rollups_fold_deferred"() returns trigger language plpgsql as $$
declare
  statement text;
begin
  -- Fired once per kept row at commit; the first firing folds them all, the others find none.
  if not exists (select 1 from report_rollup_deferred) then
    return null;
  end if;
${FUNCTIONS.map(
  ([name, fn]) => `  foreach statement in array ${fn}(format('select sign, %s from report_rollup_deferred where kind = %L', '${cols}', '${name}')) loop
    execute statement;
  end loop;
`,
).join('')}  delete from report_rollup_deferred;
  return null;
end
$$;`);
    this.addSql(`create constraint trigger "report_rollup_deferred_fold" after insert on "report_rollup_deferred" deferrable initially deferred for each row execute function "report_rollups_fold_deferred"();`);
    for (const [name, sql, tables] of FUNCTIONS) this.addSql(trackFunction(name, sql, tables, true));
  }

  override down(): void | Promise<void> {
    for (const [name, sql, tables] of FUNCTIONS) this.addSql(trackFunction(name, sql, tables, false));
    this.addSql(`drop table if exists "report_rollup_deferred";`);
    this.addSql(`drop function if exists "report_rollups_fold_deferred"();`);
  }

}
