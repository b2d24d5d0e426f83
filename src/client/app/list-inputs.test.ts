// A list's input is known without loading zod when the server's drawing brought it or it was built
// before; otherwise it is built once what builds it has loaded.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_INPUT, listInputNow, listInputOf, rememberDrawnListInput } from './list-inputs.ts';

describe('list inputs', () => {
  it("takes the drawing's input for its URL, with or without the leading ?, but not one holding a time", () => {
    expect(listInputNow('tasks', '?mine=true')).toBeUndefined();
    const drawn = { ...DEFAULT_LIST_INPUT, mine: true };
    rememberDrawnListInput('tasks', '?mine=true', drawn);
    expect(listInputNow('tasks', 'mine=true')).toEqual(drawn);
    expect(listInputNow('tasks', '?mine=true&q=lyon')).toBeUndefined();
    // The server counted the day in its own time zone; the device builds it in its own.
    rememberDrawnListInput('tasks', '?from=2026-11-30', { ...DEFAULT_LIST_INPUT, from: new Date(2026, 10, 30) });
    expect(listInputNow('tasks', '?from=2026-11-30')).toBeUndefined();
  });

  it('knows the default list of a list read through its schema, and builds the others once the schema is in', async () => {
    expect(listInputNow('locations', '')).toEqual(DEFAULT_LIST_INPUT);
    expect(listInputNow('locations', '?active=true')).toBeUndefined();
    expect(await listInputOf('locations', '?active=true')).toEqual({ ...DEFAULT_LIST_INPUT, active: true });
    // The schema is in now: any other URL is built at once, what the schema refuses left out.
    expect(listInputNow('locations', '?active=false&sortBy=nope')).toEqual({ ...DEFAULT_LIST_INPUT, active: false });
  });

  it("builds the tasks page's own input (statuses as a list, days as local times)", async () => {
    const input = await listInputOf('tasks', '?mine=true&status=scheduled,missed&from=2026-11-30');
    expect(input).toMatchObject({ mine: true, status: ['scheduled', 'missed'], from: new Date(2026, 10, 30) });
    expect(listInputNow('tasks', 'mine=true&status=scheduled,missed&from=2026-11-30')).toBe(input);
  });
});
