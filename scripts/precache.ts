// What the service worker (vite.config.ts, vite-plugin-pwa) precaches: the field app an inspector opens
// with no signal, and nothing more, so a phone downloads and stores one version of it, not the whole
// admin application. Read from the route table and Vite's manifest at build:
//  - the shell page (index.html), the entry and the default layout (the shell), with their stylesheets
//    and the parts they load on use (menus, dialogs, the update prompt), never another page;
//  - the inspector's pages (OFFLINE_ROUTES) and everything they import, at once or on use (camera,
//    signature pad);
//  - the strings of the four languages, every namespace;
//  - the body font (woff2, the Latin subsets: every browser we support reads woff2).
import path from 'node:path';
import { type Manifest, readManifest, readRoutes } from './bundle-size.ts';

/** The routes that open offline: the inspector's tasks and the perform page, and the pages they may lead to. */
export const OFFLINE_ROUTES = [
  'login',
  'tasks',
  'tasks-perform_task-slotId-assignLocationId',
  'tasks-viewTask-id',
  'not-authorized',
  'error',
] as const;

const FONT = /^assets\/public-sans-latin(-ext)?-\d+-normal-[\w-]+\.woff2$/;
const LOCALE = /^i18n\/locales\/[a-z]{2}\/[\w-]+\.json$/;
const PAGE = /^pages\/.+Page\.tsx$/;

/** The files (relative to the build's folder) the worker precaches, besides the fonts. */
export function precacheFiles(manifest: Manifest, pagesDir = 'src/client/pages'): Set<string> {
  const files = new Set<string>(['index.html']);
  const routes = new Map(readRoutes(pagesDir).map((route) => [route.name, route]));
  const pages = new Set(
    OFFLINE_ROUTES.map((name) => {
      const route = routes.get(name);
      if (!route) throw new Error(`precache: no route named ${name}`);
      return `pages/${route.module}.tsx`;
    }),
  );
  const seen = new Set<string>();
  // A chunk, its stylesheets and its imports; with `lazy`, also what it loads on use (but another page
  // only when it is one of the offline ones).
  const visit = (key: string, lazy: boolean) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`precache: the manifest has no chunk for ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep, lazy);
    if (lazy) for (const dep of chunk.dynamicImports ?? []) if (!PAGE.test(dep) || pages.has(dep)) visit(dep, true);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('precache: the manifest has no entry');
  // The entry loads every page lazily (only the offline ones here) and a few parts on use (the worker's
  // registration, the update prompt, polyfills).
  visit(entry, true);
  visit('shell/DefaultLayout.tsx', true);
  for (const page of pages) visit(page, true);
  for (const key of Object.keys(manifest)) if (LOCALE.test(key)) visit(key, false);
  return files;
}

/** Whether the worker precaches `url` (a path relative to the build's folder), by the build's manifest. */
export function precacheFilter(dist: string, pagesDir = path.resolve('src/client/pages')): (url: string) => boolean {
  const files = precacheFiles(readManifest(dist), pagesDir);
  return (url) => files.has(url) || FONT.test(url);
}
