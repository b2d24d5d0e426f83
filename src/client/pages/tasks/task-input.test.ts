import { describe, expect, it } from 'vitest';
import { parseListState } from '../../lib/list-state.ts';
import { dayStart, parseStatuses, TASK_FILTERS } from './task-filters.ts';
import { tasksListInput } from './task-input.ts';

describe('tasks list input from the URL', () => {
  it('sends several statuses as an array, the dates as local day bounds (the to day included), and no display keys', () => {
    const state = parseListState(
      '?status=scheduled,missed,bogus&from=2026-03-02&to=2026-03-08&mine=true&view=calendar&calendarView=timeGridWeek&date=2026-03-02&page=2',
      TASK_FILTERS,
    );
    const input = tasksListInput(state);
    expect(input.status).toEqual(['scheduled', 'missed']);
    expect(input.from).toEqual(new Date(2026, 2, 2));
    expect(input.to).toEqual(new Date(2026, 2, 9));
    expect(input.mine).toBe(true);
    expect(input.page).toBe(2);
    expect(input).not.toHaveProperty('view');
    expect(input).not.toHaveProperty('calendarView');
    expect(input).not.toHaveProperty('date');
  });

  it('leaves out what a hand-edited URL gets wrong, and the sort when none is chosen (the server orders an inspector agenda)', () => {
    const input = tasksListInput(parseListState('?status=&from=03/02/2026&projectId=abc&sortBy=nope', TASK_FILTERS));
    expect(input).not.toHaveProperty('status');
    expect(input).not.toHaveProperty('from');
    expect(input).not.toHaveProperty('projectId');
    expect(input).not.toHaveProperty('sortBy');
    expect(parseStatuses('approved,,rejected')).toEqual(['approved', 'rejected']);
    expect(dayStart('2026-02-30')).toEqual(new Date(2026, 2, 2));
    expect(dayStart('yesterday')).toBeUndefined();
  });
});
