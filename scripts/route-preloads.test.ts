// The map of route preloads written at build time (the browser global setup builds dist/client).
import { describe, expect, it, vi } from 'vitest';
import { parseListState, toListInput } from '../src/client/lib/list-state.ts';
import { createTrpcClient } from '../src/client/lib/trpc.ts';
import { buildPreloadMap } from './route-preloads.ts';

describe('route preload map', () => {
  const map = buildPreloadMap();
  const byName = (name: string) => map.routes.find((r) => r.name === name)!;

  it('gives the login page its own files and not the signed-in layout', () => {
    const login = byName('login');
    expect(login).toMatchObject({ layout: 'blank', guestOnly: true });
    expect(login.page.js.some((f) => /LoginPage/.test(f))).toBe(true);
    expect(map.layout.js.some((f) => /DefaultLayout/.test(f))).toBe(true);
    expect(login.page.js.some((f) => /DefaultLayout/.test(f))).toBe(false);
  });

  it('gives a list page its chunk and the strings of the list frame', () => {
    const list = byName('management-location-setting');
    expect(list.page.js.some((f) => /LocationSettingPage/.test(f))).toBe(true);
    expect(list.ns).toEqual(expect.arrayContaining(['business', 'table', 'forms', 'validation', 'views']));
    for (const ns of ['common', 'shell', ...list.ns]) expect(map.locales.en[ns], ns).toMatch(/^assets\/.+\.js$/);
    expect(map.font).toMatch(/^assets\/public-sans-latin-400-normal-.+\.woff2$/);
  });

  it('marks the error pages auto (the shell only for a signed-in visitor)', () => {
    expect(byName('error')).toMatchObject({ layout: 'auto', public: true });
  });

  it("announces a list's first query with the very URL and headers the client's tRPC link asks it with", async () => {
    const data = byName('management-location-setting').data;
    expect(data).toMatch(/^\/trpc\/locations\.list\?batch=1&input=/);
    expect(byName('login').data).toBeUndefined();
    // The client's own link (lib/trpc.ts) asking the default list as app/preload.ts does (DEFAULT_LIST_INPUT)
    // with an XSRF cookie present: a GET to the same URL without custom headers (a preload is used
    // only by a request with the same URL and headers).
    const calls: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=token' });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify([{ result: { data: { json: { items: [], total: 0 } } } }]), {
        headers: { 'content-type': 'application/json' },
      });
    });
    try {
      const client = createTrpcClient();
      await client.locations.list.query(toListInput(parseListState('', [])));
      expect(calls).toHaveLength(1);
      expect(new URL(calls[0].url, 'http://x').pathname + new URL(calls[0].url, 'http://x').search).toBe(data);
      expect(calls[0].headers).toEqual({});
      // Mutations still carry the XSRF token.
      await client.views.delete.mutate({ id: 1 }).catch(() => undefined);
      expect(calls[1].headers).toMatchObject({ 'x-xsrf-token': 'token' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
