// The tasks list's URL state as the input of tasks.list: several statuses as a comma list, the date
// range as local days (the `to` day included), "mine" as a flag. Loaded on demand (app/list-inputs.ts).
import { type TListTasksInput, ZListTasksInput } from '../../../shared/schemas/tasks.ts';
import { type ListState, parseListState, toSchemaListInput } from '../../lib/list-state.ts';
import { dayStart, parseStatuses, TASK_FILTERS } from './task-filters.ts';

/** Filters that are not list input (the display). */
const DISPLAY = new Set(['view', 'calendarView', 'date', 'status', 'from', 'to']);

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
