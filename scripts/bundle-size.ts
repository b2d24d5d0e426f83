// Reports the JavaScript each route loads, gzipped, from the built client's Vite manifest, and checks
// the performance budgets (issue 4): the login route <= 200 KB, a signed-in dashboard route <= 350 KB;
// (issue 12) the perform page <= 250 KB; (issue 16) the app dashboards outside /dashboards (logistics) as
// a dashboard.
// Usage: `npx vite build && node scripts/bundle-size.ts [--json]`; exits 1 when a budget is exceeded.
// A route loads: the entry (index.html) and its static imports, the `common` and error strings of the language,
// its layout chunk (default layout: shell/DefaultLayout.tsx plus the `shell` strings) and its page
// module, each with their static imports. Lazy parts (customizer, search dialog) load on use only.
// Also what the service worker precaches (dist/client/sw.js, scripts/precache.ts): within PRECACHE_BUDGET_KB gzip.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTES } from '../src/client/app/route-table.ts';

export const BUDGETS_KB = { login: 200, dashboard: 350, perform: 250 } as const;

/**
 * What the service worker downloads once per version and keeps (scripts/precache.ts), gzipped: the
 * inspector's phone fetches it in the background after the first visit, often on a mobile plan.
 */
export const PRECACHE_BUDGET_KB = 1200;

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteInfo {
  name: string;
  path: string;
  layout: 'blank' | 'default';
  /** The page module that renders (its page, else its fallback), relative to src/client/pages, no extension. */
  module: string;
  /** `auto`: the default layout for a signed-in visitor, blank otherwise (error pages). */
  auto: boolean;
  aliases: string[];
  /** Signed-in visitors are sent away (login, register...). */
  guestOnly: boolean;
  /** Signed-out visitors may see it. */
  public: boolean;
  /** Translation namespaces beyond `common` (`ns`, and the list frame's when the page has a `list`). */
  ns: string[];
  /** The domain whose list the page shows first (`list`), if any. */
  list?: string;
  /** Some roles open the page with a query string of their own (`initialSearch`): its default list is not theirs. */
  personalDefault?: boolean;
  /** What the guard asks of a signed-in visitor (the route's `action`/`subject` and `roles`), if anything. */
  access?: { action?: string; subject?: string; roles?: string[] };
}

/** Strings every list page renders with (app/preload.ts LIST_FRAME_NAMESPACES). */
const LIST_FRAME_NAMESPACES = ['table', 'forms', 'validation', 'views'];

export interface RouteSize extends RouteInfo {
  files: string[];
  gzipBytes: number;
  rawBytes: number;
}

export function readManifest(dist = 'dist/client'): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} not found: run \`npx vite build\` first (build.manifest is on)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The route table (src/client/app/route-table.ts), with the page module each route renders. */
export function readRoutes(pagesDir = 'src/client/pages'): RouteInfo[] {
  const exists = (page: string | undefined) => !!page && fs.existsSync(path.join(pagesDir, `${page}.tsx`));
  const routes: RouteInfo[] = [];
  for (const route of ROUTES) {
    const module = exists(route.page) ? route.page : exists(route.fallbackPage) ? route.fallbackPage : undefined;
    if (!module) continue;
    routes.push({
      name: route.name,
      path: route.path,
      layout: route.layout === 'blank' ? 'blank' : 'default',
      module,
      auto: route.layout === 'auto',
      aliases: [...(route.aliases ?? [])],
      guestOnly: !!route.meta?.unauthenticatedOnly,
      public: !!route.meta?.public,
      ns: [...(route.ns ?? []), ...(route.list ? LIST_FRAME_NAMESPACES : [])],
      list: route.list,
      ...(route.initialSearch ? { personalDefault: true } : {}),
      ...(route.meta?.action || route.meta?.roles
        ? {
            access: {
              ...(route.meta.action ? { action: route.meta.action, subject: route.meta.subject } : {}),
              ...(route.meta.roles ? { roles: [...route.meta.roles] } : {}),
            },
          }
        : {}),
    });
  }
  return routes;
}

export function closure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk for ${key}`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

const sizes = new Map<string, { gzip: number; raw: number }>();
function sizeOf(dist: string, file: string): { gzip: number; raw: number } {
  let size = sizes.get(file);
  if (!size) {
    const bytes = fs.readFileSync(path.join(dist, file));
    size = { gzip: gzipSync(bytes, { level: 9 }).length, raw: bytes.length };
    sizes.set(file, size);
  }
  return size;
}

export function measureRoutes(dist = 'dist/client', language = 'en'): RouteSize[] {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('manifest has no entry chunk');
  const locale = (ns: string) => {
    const key = `i18n/locales/${language}/${ns}.json`;
    return manifest[key] ? [key] : [];
  };
  return readRoutes().map((route) => {
    // The field-issue strings load beside `common`; the server's refusals (`errors`) only once the page is on
    // screen (i18n/index.ts): not counted.
    const keys = [entry, ...locale('common'), ...locale('validation'), `pages/${route.module}.tsx`];
    if (route.layout === 'default') keys.push('shell/DefaultLayout.tsx', ...locale('shell'));
    const files = closure(manifest, keys);
    const total = files.reduce(
      (sum, file) => {
        const size = sizeOf(dist, file);
        return { gzip: sum.gzip + size.gzip, raw: sum.raw + size.raw };
      },
      { gzip: 0, raw: 0 },
    );
    return { ...route, files, gzipBytes: total.gzip, rawBytes: total.raw };
  });
}

export interface BudgetCheck {
  route: string;
  budgetKb: number;
  gzipKb: number;
  ok: boolean;
}

/** The field inspector's page, opened on a phone on one bar of signal (issue 12). */
const PERFORM_ROUTE = 'tasks-perform_task-slotId-assignLocationId';

/** Dashboards that live under an app's path rather than /dashboards, held to the dashboard budget. */
const APP_DASHBOARD_ROUTES = new Set(['apps-logistics-dashboard']);

/** Login within 200 KB; every signed-in dashboard route (and the academy's pages) that exists within 350 KB; perform within 250 KB. */
export function checkBudgets(routes: RouteSize[]): BudgetCheck[] {
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const checks: BudgetCheck[] = [];
  for (const route of routes) {
    const budget =
      route.name === 'login'
        ? BUDGETS_KB.login
        : route.name.startsWith('dashboards-') ||
            route.name.startsWith('apps-academy-') ||
            APP_DASHBOARD_ROUTES.has(route.name)
          ? BUDGETS_KB.dashboard
          : route.name === PERFORM_ROUTE
            ? BUDGETS_KB.perform
            : null;
    if (budget !== null)
      checks.push({
        route: route.name,
        budgetKb: budget,
        gzipKb: kb(route.gzipBytes),
        ok: route.gzipBytes <= budget * 1024,
      });
  }
  return checks;
}

export interface PrecacheSize {
  files: number;
  gzipBytes: number;
  rawBytes: number;
  budgetKb: number;
  ok: boolean;
}

/** The files the built service worker (dist/client/sw.js) precaches, and their size; null without a worker. */
export function measurePrecache(dist = 'dist/client'): PrecacheSize | null {
  const worker = path.join(dist, 'sw.js');
  if (!fs.existsSync(worker)) return null;
  const urls = [...fs.readFileSync(worker, 'utf8').matchAll(/\burl:\s*"([^"]+)"/g)].map((m) => m[1]);
  let gzip = 0;
  let raw = 0;
  for (const url of new Set(urls)) {
    // Fonts are compressed already: stored and sent as they are.
    const size = sizeOf(dist, url);
    gzip += url.endsWith('.woff2') ? size.raw : size.gzip;
    raw += size.raw;
  }
  return {
    files: new Set(urls).size,
    gzipBytes: gzip,
    rawBytes: raw,
    budgetKb: PRECACHE_BUDGET_KB,
    ok: gzip <= PRECACHE_BUDGET_KB * 1024,
  };
}

if (import.meta.main) {
  const routes = measureRoutes();
  const checks = checkBudgets(routes);
  const precache = measurePrecache();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ routes, checks, precache }, null, 2));
  } else {
    const pad = (s: string, n: number) => s.padEnd(n);
    console.log(`${pad('route', 44)}${pad('layout', 9)}${pad('JS gzip KB', 12)}JS raw KB  page module`);
    for (const r of routes.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      console.log(
        `${pad(r.name, 44)}${pad(r.layout, 9)}${pad((r.gzipBytes / 1024).toFixed(1), 12)}${pad((r.rawBytes / 1024).toFixed(1), 11)}${r.module}`,
      );
    }
    console.log('\nbudgets:');
    for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'OVER'} ${c.route}: ${c.gzipKb} KB of ${c.budgetKb} KB`);
    if (precache)
      console.log(
        `  ${precache.ok ? 'ok  ' : 'OVER'} service worker precache: ${(precache.gzipBytes / 1024).toFixed(1)} KB gzip ` +
          `of ${precache.budgetKb} KB (${precache.files} files, ${(precache.rawBytes / 1024).toFixed(1)} KB stored)`,
      );
    else console.log('  (no dist/client/sw.js: the service worker was not built)');
  }
  if (checks.some((c) => !c.ok) || (precache && !precache.ok)) process.exitCode = 1;
}
