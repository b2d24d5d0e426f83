// A list's input is known without loading zod when the server's drawing brought it or it was built
// before; otherwise it is built once what builds it has loaded.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as ListInputs from './list-inputs.ts';

// The module remembers what it built: a fresh copy, whatever another test file of this worker built.
let m: typeof ListInputs;
beforeAll(async () => {
  vi.resetModules();
  m = await import('./list-inputs.ts');
});

describe('list inputs', () => {
  it("takes the drawing's input for its URL, with or without the leading ?, but not one holding a time", () => {
    expect(m.listInputNow('tasks', '?mine=true')).toBeUndefined();
    const drawn = { ...m.DEFAULT_LIST_INPUT, mine: true };
    m.rememberDrawnListInput('tasks', '?mine=true', drawn);
    expect(m.listInputNow('tasks', 'mine=true')).toEqual(drawn);
    expect(m.listInputNow('tasks', '?mine=true&q=lyon')).toBeUndefined();
    // The server counted the day in its own time zone; the device builds it in its own.
    m.rememberDrawnListInput('tasks', '?from=2026-11-30', { ...m.DEFAULT_LIST_INPUT, from: new Date(2026, 10, 30) });
    expect(m.listInputNow('tasks', '?from=2026-11-30')).toBeUndefined();
  });

  it('knows the default list of a list read through its schema, and builds the others once the schema is in', async () => {
    expect(m.listInputNow('locations', '')).toEqual(m.DEFAULT_LIST_INPUT);
    expect(m.listInputNow('locations', '?active=true')).toBeUndefined();
    expect(await m.listInputOf('locations', '?active=true')).toEqual({ ...m.DEFAULT_LIST_INPUT, active: true });
    // The schema is in now: any other URL is built at once, what the schema refuses left out.
    expect(m.listInputNow('locations', '?active=false&sortBy=nope')).toEqual({
      ...m.DEFAULT_LIST_INPUT,
      active: false,
    });
  });

  it("builds the tasks page's own input (statuses as a list, days as local times)", async () => {
    const input = await m.listInputOf('tasks', '?mine=true&status=scheduled,missed&from=2026-11-30');
    expect(input).toMatchObject({ mine: true, status: ['scheduled', 'missed'], from: new Date(2026, 10, 30) });
    expect(m.listInputNow('tasks', 'mine=true&status=scheduled,missed&from=2026-11-30')).toBe(input);
  });
});
