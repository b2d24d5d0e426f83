// The tasks list's URL filters and how the page reads them, without zod: the list's first render
// needs them, its input's schema (task-input.ts) loads when the input is not known yet (app/list-inputs.ts).
import { TASK_STATUSES, type TTaskStatus } from '../../../shared/workflow/statuses.ts';

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
