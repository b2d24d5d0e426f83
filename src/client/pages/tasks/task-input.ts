// The tasks list's URL state as the input of tasks.list: several statuses as a comma list, the date
// range as local days (the `to` day included), "mine" as a flag.
import { type TListTasksInput, ZListTasksInput } from '../../../shared/schemas/tasks.ts';
import { TASK_STATUSES, type TTaskStatus } from '../../../shared/workflow/statuses.ts';
import { type ListState, parseListState, toSchemaListInput } from '../../lib/list-state.ts';

export const TASK_FILTERS = [
  'status',
  'projectId',
  'locationId',
  'assigneeId',
  'teamId',
  'directionId',
  'subDirectionId',
  'classId',
  'from',
  'to',
  'mine',
  'view',
  'calendarView',
  'date',
] as const;

/** Filters that are not list input (the display). */
const DISPLAY = new Set(['view', 'calendarView', 'date', 'status', 'from', 'to']);

export function parseStatuses(value: string | undefined): TTaskStatus[] {
  return (value ?? '').split(',').filter((s): s is TTaskStatus => (TASK_STATUSES as readonly string[]).includes(s));
}

/** Start of a local `YYYY-MM-DD` day, or undefined for anything else. */
export function dayStart(value: string | undefined, addDays = 0): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The list input of the URL state (the page: paging and sort from the state). */
export function tasksListInput(state: ListState): Partial<TListTasksInput> {
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([key]) => !DISPLAY.has(key)));
  const input = toSchemaListInput(ZListTasksInput, { ...state, filters }) as Partial<TListTasksInput>;
  const statuses = parseStatuses(state.filters.status);
  if (statuses.length) input.status = statuses;
  const from = dayStart(state.filters.from);
  const to = dayStart(state.filters.to, 1);
  if (from) input.from = from;
  if (to) input.to = to;
  return input;
}

/** The list input of a tasks URL's query string, as the page builds it (the preloader asks the same). */
export function tasksInputFromUrl(search: string): Record<string, unknown> {
  return tasksListInput(parseListState(search, TASK_FILTERS));
}
