import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();
const AS = 'businessuser@demo.com';
const URL_ = '/api/apps/calendar';

interface EventBody {
  id: number;
  url: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  extendedProps: { calendar: string; location: string; description: string; guests: string[] };
}

async function list(query = '', as = AS): Promise<EventBody[]> {
  const res = await t.request({ method: 'GET', url: `${URL_}${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventBody[]>();
}

const newEvent = {
  title: 'Store visit in Lyon',
  start: '2026-11-25T09:00:00.000Z',
  end: '2026-11-25T11:30:00.000Z',
  allDay: false,
  url: '',
  extendedProps: { calendar: 'Business', location: 'Lyon store', guests: ['Ana Ruiz'] },
};

describe('GET /api/apps/calendar', () => {
  it("answers the caller's sample events, dated around today, in every category", async () => {
    const events = await list();
    expect(events.length).toBeGreaterThanOrEqual(20);
    expect(new Set(events.map((e) => e.extendedProps.calendar))).toEqual(
      new Set(['Business', 'Holiday', 'Personal', 'Family', 'ETC']),
    );
    const now = Date.now();
    for (const e of events) {
      expect(Math.abs(new Date(e.start).getTime() - now)).toBeLessThan(60 * 86_400_000);
      expect(new Date(e.end).getTime()).toBeGreaterThanOrEqual(new Date(e.start).getTime());
      expect(Object.keys(e).sort()).toEqual(['allDay', 'end', 'extendedProps', 'id', 'start', 'title', 'url']);
    }
  });

  it('filters by the repeated calendars parameter (and a comma list)', async () => {
    const all = await list();
    const picked = await list('?calendars=Business&calendars=Personal');
    expect(picked.map((e) => e.id).sort()).toEqual(
      all
        .filter((e) => ['Business', 'Personal'].includes(e.extendedProps.calendar))
        .map((e) => e.id)
        .sort(),
    );
    const holiday = await list('?calendars=Holiday');
    expect(holiday.length).toBe(all.filter((e) => e.extendedProps.calendar === 'Holiday').length);
    expect((await list('?calendars=Family,ETC')).length).toBe(
      all.filter((e) => ['Family', 'ETC'].includes(e.extendedProps.calendar)).length,
    );
  });

  it('answers 400 naming the categories for an unknown calendar', async () => {
    const res = await t.request({ method: 'GET', url: `${URL_}?calendars=Business&calendars=Party`, as: AS });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/Business, Holiday, Personal, Family, ETC/);
    const badDate = await t.request({ method: 'GET', url: `${URL_}?start=yesterday`, as: AS });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json<{ message: string }>().message).toMatch(/ISO 8601/);
  });

  it('limits events to a period with start and end', async () => {
    const all = await list();
    const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const week = await list(`?start=${from}&end=${to}`);
    expect(week.map((e) => e.id).sort()).toEqual(
      all
        .filter((e) => e.start <= to && e.end >= from)
        .map((e) => e.id)
        .sort(),
    );
  });

  it('keeps each user their own calendar', async () => {
    const created = await t.request({
      method: 'POST',
      url: URL_,
      as: 'admin@demo.com',
      payload: { ...newEvent, title: 'Admin only' },
    });
    expect(created.statusCode).toBe(201);
    expect((await list('', 'admin@demo.com')).some((e) => e.title === 'Admin only')).toBe(true);
    expect((await list('', 'analyst@demo.com')).some((e) => e.title === 'Admin only')).toBe(false);
    const foreign = await t.request({
      method: 'DELETE',
      url: `${URL_}/${created.json<EventBody>().id}`,
      as: 'analyst@demo.com',
    });
    expect(foreign.statusCode).toBe(400);
    expect((await list('', 'admin@demo.com')).some((e) => e.title === 'Admin only')).toBe(true);
  });
});

describe('POST /api/apps/calendar', () => {
  it('appends the event with a new id above the others and answers 201 with it', async () => {
    const before = await list();
    const res = await t.request({ method: 'POST', url: URL_, as: AS, payload: { ...newEvent, id: 1 } });
    expect(res.statusCode).toBe(201);
    const body = res.json<EventBody>();
    expect(body.id).toBeGreaterThan(Math.max(...before.map((e) => e.id)));
    expect(body).toMatchObject({ title: newEvent.title, start: newEvent.start, end: newEvent.end, allDay: false });
    expect(body.extendedProps).toEqual({
      calendar: 'Business',
      location: 'Lyon store',
      description: '',
      guests: ['Ana Ruiz'],
    });
    const after = await list('?calendars=Business');
    expect(after.find((e) => e.id === body.id)).toEqual(body);
  });

  it('accepts an all-day event given by dates, end defaulting to start', async () => {
    const res = await t.request({
      method: 'POST',
      url: URL_,
      as: AS,
      payload: { title: 'Bank holiday', start: '2026-12-24', allDay: true, extendedProps: { calendar: 'Holiday' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<EventBody>().end).toBe(res.json<EventBody>().start);
  });

  it('answers 400 saying what is wrong for bad bodies', async () => {
    const cases: [unknown, string][] = [
      [{ ...newEvent, title: '' }, 'title'],
      [{ ...newEvent, extendedProps: { calendar: 'Party' } }, 'extendedProps.calendar'],
      [{ ...newEvent, start: 'tomorrow' }, 'start'],
      [{ ...newEvent, end: '2026-11-24T09:00:00.000Z' }, 'end'],
      [{ ...newEvent, allDay: 'yes' }, 'allDay'],
      [{ ...newEvent, extendedProps: undefined }, 'extendedProps'],
      [{ ...newEvent, url: 'not a url' }, 'url'],
      [[1, 2], ''],
    ];
    for (const [payload, field] of cases) {
      const res = await t.request({ method: 'POST', url: URL_, as: AS, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json<{ message: string; errors?: Record<string, string[]> }>();
      expect(body.message).toBeTruthy();
      expect(Object.keys(body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  it('answers 400 for malformed JSON and 413 for an oversized body, never 500', async () => {
    const bad = await t.request({
      method: 'POST',
      url: URL_,
      as: AS,
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/JSON/);
    const big = await t.request({
      method: 'POST',
      url: URL_,
      as: AS,
      payload: { ...newEvent, title: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(big.statusCode).toBe(413);
  });
});

describe('PUT /api/apps/calendar/{id}', () => {
  it('updates the event, answers 201 with it, and the change persists', async () => {
    const [first] = await list('?calendars=Personal');
    const res = await t.request({
      method: 'PUT',
      url: `${URL_}/${first.id}`,
      as: AS,
      payload: { ...first, title: 'Moved to family', extendedProps: { ...first.extendedProps, calendar: 'Family' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: first.id, title: 'Moved to family', extendedProps: { calendar: 'Family' } });
    const family = await list('?calendars=Family');
    expect(family.find((e) => e.id === first.id)?.title).toBe('Moved to family');
    expect((await list('?calendars=Personal')).some((e) => e.id === first.id)).toBe(false);
  });

  it('answers 409 for a body carrying a version older than the stored one, and keeps the stored event', async () => {
    // REST answers keep the demo API's shape (no version); a REST client may still send the version it read over tRPC.
    const created = await t.request({ method: 'POST', url: URL_, as: AS, payload: newEvent });
    const { id } = created.json<EventBody>();
    const ok = await t.request({
      method: 'PUT',
      url: `${URL_}/${id}`,
      as: AS,
      payload: { ...newEvent, title: 'Saved first', version: 1 },
    });
    expect(ok.statusCode).toBe(201);
    expect(Object.keys(ok.json())).not.toContain('version');
    const stale = await t.request({
      method: 'PUT',
      url: `${URL_}/${id}`,
      as: AS,
      payload: { ...newEvent, title: 'Saved second', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toMatch(/changed by someone else/);
    expect((await list()).find((e) => e.id === id)?.title).toBe('Saved first');
    // Without a version, the demo API's last-write-wins PUT.
    const blind = await t.request({
      method: 'PUT',
      url: `${URL_}/${id}`,
      as: AS,
      payload: { ...newEvent, title: 'Saved blind' },
    });
    expect(blind.statusCode).toBe(201);
    await t.request({ method: 'DELETE', url: `${URL_}/${id}`, as: AS });
  });

  it("answers 400 'Something Went Wrong' for an unknown or malformed id", async () => {
    for (const id of ['999999', 'abc', '0']) {
      const res = await t.request({ method: 'PUT', url: `${URL_}/${id}`, as: AS, payload: newEvent });
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('Something Went Wrong');
    }
  });

  it('answers 400 with field errors for a bad body', async () => {
    const [first] = await list();
    const res = await t.request({
      method: 'PUT',
      url: `${URL_}/${first.id}`,
      as: AS,
      payload: { ...first, extendedProps: { calendar: 'Nope' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors['extendedProps.calendar']).toBeTruthy();
  });
});

describe('DELETE /api/apps/calendar/{id}', () => {
  it("answers 204, the event is gone, and a second delete answers 400 'Something Went Wrong'", async () => {
    const [first] = await list();
    const res = await t.request({ method: 'DELETE', url: `${URL_}/${first.id}`, as: AS });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await list()).some((e) => e.id === first.id)).toBe(false);
    const again = await t.request({ method: 'DELETE', url: `${URL_}/${first.id}`, as: AS });
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe('Something Went Wrong');
  });

  it('does not bring the samples back once a user has emptied their calendar', async () => {
    const as = 'floormanager@demo.com';
    for (const e of await list('', as)) {
      expect((await t.request({ method: 'DELETE', url: `${URL_}/${e.id}`, as })).statusCode).toBe(204);
    }
    expect(await list('', as)).toEqual([]);
  });
});

describe('first use', () => {
  it('copies the samples exactly once, even for concurrent first calls', async () => {
    const as = 'teamleader@demo.com';
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => list('', as)));
    const [{ count }] = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ count: number }[]>('select count(*)::int as count from calendar_events where owner_id is null');
    for (const events of results) expect(events.length).toBe(count);
    expect(new Set(results.flat().map((e) => e.id)).size).toBe(count);
  });
});

describe('authorization', () => {
  it('answers 401 without a session and 403 for client on every calendar path', async () => {
    const routes = [
      { method: 'GET', url: URL_ },
      { method: 'POST', url: URL_, payload: newEvent },
      { method: 'PUT', url: `${URL_}/1`, payload: newEvent },
      { method: 'DELETE', url: `${URL_}/1` },
    ] as const;
    for (const route of routes) {
      expect((await t.request({ ...route })).statusCode).toBe(401);
      const res = await t.request({ ...route, as: 'client@demo.com' });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
  });
});
