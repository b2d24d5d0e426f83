// Writes dist/client/route-preloads.json after a build (vite.config.ts `routePreloads`): for every
// client route, the JavaScript and CSS files its page needs beyond the entry's, its layout's and its
// strings' chunks, read from the route table (scripts/bundle-size.ts readRoutes) and Vite's manifest.
// The server announces them in index.html (src/server/plugins/route-preloads.ts).
import fs from 'node:fs';
import path from 'node:path';
import superjson from 'superjson';
import { parseListState, toListInput } from '../src/client/lib/list-state.ts';
import { PRELOAD_MAP_FILE, type PreloadMap, type PreloadSet } from '../src/server/plugins/route-preloads.ts';
import { type Manifest, readManifest, readRoutes } from './bundle-size.ts';

/** The files of `keys` and their static imports, with their stylesheets. */
function assets(manifest: Manifest, keys: string[], skip: Set<string> = new Set()): PreloadSet {
  const seen = new Set<string>();
  const set: PreloadSet = { js: [], css: [] };
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk for ${key}`);
    if (chunk.file.endsWith('.js') && !skip.has(chunk.file)) set.js.push(chunk.file);
    for (const css of chunk.css ?? []) if (!skip.has(css) && !set.css.includes(css)) set.css.push(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return set;
}

/**
 * The URL the client's tRPC link (httpBatchLink, superjson) asks for `<domain>.list` with the default
 * list input alone in its batch: what app/preload.ts sends first for a list page without a query string.
 */
export function defaultListQueryUrl(domain: string): string {
  const input = toListInput(parseListState('', []));
  return `/trpc/${domain}.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize(input) }))}`;
}

export function buildPreloadMap(dist = 'dist/client'): PreloadMap {
  const manifest = readManifest(dist);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('manifest has no entry chunk');
  const entry = assets(manifest, [entryKey]);
  const inEntry = new Set([...entry.js, ...entry.css]);
  const layout = assets(manifest, ['shell/DefaultLayout.tsx'], inEntry);
  const locales: PreloadMap['locales'] = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const m = /^i18n\/locales\/(\w+)\/(\w+)\.json$/.exec(key);
    if (m) (locales[m[1]] ??= {})[m[2]] = chunk.file;
  }
  const routes = readRoutes().map((route) => {
    return {
      name: route.name,
      pattern: route.path,
      aliases: route.aliases,
      layout: route.layout === 'blank' ? ('blank' as const) : route.auto ? ('auto' as const) : ('default' as const),
      guestOnly: route.guestOnly,
      public: route.public,
      page: assets(manifest, [`pages/${route.module}.tsx`], inEntry),
      ns: route.ns,
      // Not for a page some roles open with a query string of their own (their first query differs).
      data: route.list && !route.personalDefault ? defaultListQueryUrl(route.list) : undefined,
      access: route.access,
    };
  });
  const files = fs.readdirSync(path.join(dist, 'assets'));
  const weight = (w: number) => {
    const file = files.find((f) => new RegExp(`^public-sans-latin-${w}-normal-.*\\.woff2$`).test(f));
    return file ? `assets/${file}` : undefined;
  };
  const semibold = weight(600);
  return { routes, layout, locales, font: weight(400), ...(semibold ? { semiboldFont: semibold } : {}) };
}

export function writePreloadMap(dist = 'dist/client'): void {
  fs.writeFileSync(path.join(dist, PRELOAD_MAP_FILE), JSON.stringify(buildPreloadMap(dist)));
}

if (import.meta.main) writePreloadMap();
