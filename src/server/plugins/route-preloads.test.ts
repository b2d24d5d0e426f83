// The route preloads announced in index.html: which path matches which route, and which
// files each kind of visitor is told about.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PRELOAD_MAP_FILE,
  type PreloadMap,
  patternRegExp,
  preloadLinks,
  type RoutePreload,
  routePreloader,
} from './route-preloads.ts';

describe('patternRegExp', () => {
  it('matches wouter patterns: params are one segment, * the rest, /*? optionally', () => {
    expect(patternRegExp('/tasks/perform_task/:slotId/:assignLocationId').test('/tasks/perform_task/12/34')).toBe(true);
    expect(patternRegExp('/tasks/perform_task/:slotId/:assignLocationId').test('/tasks/perform_task/12')).toBe(false);
    expect(patternRegExp('/tasks/perform_task/:slotId/:assignLocationId').test('/tasks/perform_task/1/2/3')).toBe(
      false,
    );
    expect(patternRegExp('/pages/misc/not-found/*?').test('/pages/misc/not-found')).toBe(true);
    expect(patternRegExp('/pages/misc/not-found/*?').test('/pages/misc/not-found/a/b')).toBe(true);
    expect(patternRegExp('/*').test('/anything/at/all')).toBe(true);
    expect(patternRegExp('/files').test('/files/')).toBe(true);
    expect(patternRegExp('/files').test('/filesx')).toBe(false);
    expect(patternRegExp('/a.b').test('/axb')).toBe(false);
  });
});

const route = (over: Partial<RoutePreload>): RoutePreload => ({
  name: 'r',
  pattern: '/r',
  aliases: [],
  layout: 'default',
  guestOnly: false,
  public: false,
  page: { js: ['assets/Page.js'], css: ['assets/Page.css'] },
  ns: ['business'],
  ...over,
});

const map: PreloadMap = {
  routes: [],
  layout: { js: ['assets/DefaultLayout.js'], css: ['assets/DefaultLayout.css'] },
  locales: {
    en: { common: 'assets/en-common.js', shell: 'assets/en-shell.js', business: 'assets/en-business.js' },
    fr: { common: 'assets/fr-common.js', shell: 'assets/fr-shell.js', business: 'assets/fr-business.js' },
  },
  font: 'assets/font.woff2',
};

describe('preloadLinks', () => {
  it('announces the page, its layout, its strings in the language and English, and the font, to a signed-in visitor', () => {
    const html = preloadLinks(map, route({}), true, 'fr');
    for (const href of [
      'Page.js',
      'DefaultLayout.js',
      'fr-common.js',
      'fr-business.js',
      'fr-shell.js',
      'en-common.js',
    ]) {
      expect(html).toContain(`<link rel="modulepreload" href="/assets/${href}">`);
    }
    // Stylesheets and the font are fetched in CORS mode, as the app's own loader asks for them.
    expect(html).toContain('<link rel="preload" href="/assets/Page.css" as="style" crossorigin>');
    expect(html).toContain('<link rel="preload" href="/assets/font.woff2" as="font" type="font/woff2" crossorigin>');
  });

  it('announces nothing of a page the guard will not show to this visitor', () => {
    expect(preloadLinks(map, route({}), false, 'en')).toBe('');
    expect(preloadLinks(map, route({ guestOnly: true, layout: 'blank' }), true, 'en')).toBe('');
  });

  it('leaves the layout out of blank pages, and out of auto pages for signed-out visitors', () => {
    expect(preloadLinks(map, route({ layout: 'blank', guestOnly: true }), false, 'en')).not.toContain('DefaultLayout');
    expect(preloadLinks(map, route({ layout: 'auto', public: true }), false, 'en')).not.toContain('DefaultLayout');
    expect(preloadLinks(map, route({ layout: 'auto', public: true }), true, 'en')).toContain('DefaultLayout');
  });

  it("announces a list's first query first, only to a signed-in visitor and only when asked for", () => {
    const data = '/trpc/things.list?batch=1&input=%7B%7D';
    const html = preloadLinks(map, route({ data }), true, 'en', true);
    expect(
      html.startsWith('<link rel="preload" href="/trpc/things.list?batch=1&amp;input=%7B%7D" as="fetch" crossorigin>'),
    ).toBe(true);
    expect(preloadLinks(map, route({ data }), true, 'en', false)).not.toContain('as="fetch"');
    expect(preloadLinks(map, route({ data, public: true }), false, 'en', true)).not.toContain('as="fetch"');
  });
});

describe('routePreloader', () => {
  it("announces a guarded list's query only to a visitor the guard lets in (anyone else's would be a 403)", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'preloads-'));
    const data = '/trpc/audit.list?batch=1&input=%7B%7D';
    const guarded = route({ name: 'audit', pattern: '/audit', data, access: { action: 'read', subject: 'AuditLog' } });
    fs.writeFileSync(path.join(dist, PRELOAD_MAP_FILE), JSON.stringify({ ...map, routes: [guarded] }));
    const page = routePreloader(dist, '<html><head></head></html>');
    const allowed = page('/audit', { signedIn: true, language: 'en', may: () => true });
    const refused = page('/audit', { signedIn: true, language: 'en', may: () => false });
    expect(allowed).toContain('as="fetch"');
    expect(refused).not.toContain('as="fetch"');
    // The page's own files are still announced: the guard's redirect renders in the same shell.
    expect(refused).toContain('DefaultLayout');
    fs.rmSync(dist, { recursive: true });
  });
});
