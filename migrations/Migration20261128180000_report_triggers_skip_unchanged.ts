import { Migration } from '@mikro-orm/migrations';

/**
 * Autosave speed (issue 12): an UPDATE of tasks that changes none of the columns the report rollups
 * read (an autosave changes only `answers`, `version` and `updated_at`) no longer runs the rollups'
 * statements. Before, each such UPDATE planned and ran six dynamic statements (EXECUTE is planned
 * every time) over empty deltas — most of PostgreSQL's work per tasks.saveAnswers call. The check is
 * one static query over the transition tables (its plan is cached per session), so the rollups stay
 * exact: any change to a tracked column takes the same path as before.
 */
const TRACKED = ['customer_id', 'project_id', 'location_id', 'team_id', 'starts_at', 'ends_at', 'submitted_at', 'status', 'score', 'passed', 'rework_count', 'answer_outcomes'];
const cols = TRACKED.join(', ');
const tuple = (alias: string) => `(${TRACKED.map((c) => `${alias}.${c}`).join(', ')})`;

/** One of the two rollup trigger functions: `sqlFunction` makes its statements, `tables` are emptied on TRUNCATE. */
function trackFunction(name: string, sqlFunction: string, tables: string[], skipUnchanged: boolean): string {
  const skip = skipUnchanged
    ? `    if not exists (select 1 from old_rows o join new_rows n on n.id = o.id where ${tuple('n')} is distinct from ${tuple('o')}) then
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
${skip}    delta := format(
      'select -1 as sign, %1$s from old_rows o where exists (select 1 from new_rows n where n.id = o.id and %2$s is distinct from %3$s)
       union all
       select 1, %1$s from new_rows n where exists (select 1 from old_rows o where o.id = n.id and %2$s is distinct from %3$s)',
      cols, '${tuple('n')}', '${tuple('o')}');
  elsif tg_op = 'TRUNCATE' then
${tables.map((t) => `    delete from ${t};`).join('\n')}
    return null;
  end if;
  -- Executed here: transition tables are visible to this trigger function's statements only.
  foreach statement in array ${sqlFunction}(delta) loop
    execute statement;
  end loop;
  return null;
end
$$;`;
}

const FUNCTIONS: [string, string, string[]][] = [
  ['report_rollups_track', 'report_rollups_sql', ['report_task_monthly', 'report_question_monthly', 'report_question_team_monthly']],
  ['report_segment_rollups_track', 'report_segment_rollups_sql', ['report_task_segment_monthly', 'report_question_segment_monthly', 'report_location_monthly']],
];

export class Migration20261128180000_report_triggers_skip_unchanged extends Migration {

  override name = 'Migration20261128180000_report_triggers_skip_unchanged';

  override up(): void | Promise<void> {
    for (const [name, sql, tables] of FUNCTIONS) this.addSql(trackFunction(name, sql, tables, true));
  }

  override down(): void | Promise<void> {
    for (const [name, sql, tables] of FUNCTIONS) this.addSql(trackFunction(name, sql, tables, false));
  }

}
