// Stored URLs through the transports: a `javascript:` or `data:` calendar link is a 400 naming the field
// over REST and BAD_REQUEST over tRPC, and nothing is stored.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from './testing/app.ts';
import { codeOf } from './testing/trpc.ts';

const t = await setupTestApp();
const AS = 'businessuser@demo.com';
const event = {
  title: 'Store visit',
  start: '2026-11-25T09:00:00.000Z',
  end: '2026-11-25T10:00:00.000Z',
  allDay: false,
  extendedProps: { calendar: 'Business' },
};

describe('calendar event url', () => {
  it('answers 400 naming `url` for javascript: and data: links, and stores an https link', async () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    ]) {
      const res = await t.request({ method: 'POST', url: '/api/apps/calendar', as: AS, payload: { ...event, url } });
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json<{ errors?: Record<string, string[]> }>().errors ?? {}), res.body).toContain('url');
    }
    const ok = await t.request({
      method: 'POST',
      url: '/api/apps/calendar',
      as: AS,
      payload: { ...event, url: 'https://meet.example/abc' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<{ url: string }>().url).toBe('https://meet.example/abc');
    const update = await t.request({
      method: 'PUT',
      url: `/api/apps/calendar/${ok.json<{ id: number }>().id}`,
      as: AS,
      payload: { ...event, url: 'javascript:alert(1)' },
    });
    expect(update.statusCode).toBe(400);
    const events = await t.request({ method: 'GET', url: '/api/apps/calendar', as: AS });
    expect(events.json<{ url: string }[]>().some((e) => /^(javascript|data):/i.test(e.url))).toBe(false);
  });

  it('refuses them over tRPC as BAD_REQUEST', async () => {
    const caller = await t.caller(AS);
    const start = new Date('2026-11-25T09:00:00.000Z');
    const input = {
      ...event,
      start,
      end: start,
      extendedProps: { calendar: 'Business' as const },
      url: 'javascript:alert(1)',
    };
    expect(await codeOf(caller.apps.calendar.events.create(input))).toBe('BAD_REQUEST');
  });
});
