// The map of route preloads written at build time (the browser global setup builds dist/client).
import { describe, expect, it } from 'vitest';
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
});
