// Fast by construction: everything a page needs starts at once — its chunk, its layout's
// chunk, its strings and its first query — so it waits for the slowest of them, not for their sum.
// `preloadHref` is called for the first page by main.tsx before React renders, on hover or focus of an
// in-app link (usePrefetchOnIntent), and by the router on every navigation, which keeps the previous
// page on screen until the promise settles (AppRouter.tsx). What a route needs is read from its entry
// in routes.tsx (`ns`, `list`, layout).
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createAbility } from '../../shared/abilities/index.ts';
import i18n, { prefetchNamespaces } from '../i18n/index.ts';
import { utilsOf } from '../lib/procedures.ts';
import { queryClient, trpcUtils } from '../lib/query.ts';
import { readUserData } from '../lib/session.tsx';
import { guard } from './guard.ts';
import { listInputOf } from './list-inputs.ts';
import type { PreloadedList } from './list-schemas.ts';
import { loadable } from './loadable.tsx';
import { PAGE_DATA, PAGE_DATA_QUERIES } from './page-data.ts';
import { layoutOf, loadRoutePage, matchPath, ROUTES, type RouteDef, withInitialSearch } from './routes.tsx';

/** The default layout (the shell): the router renders it, lazily or at once when preloaded. */
export const defaultLayout = loadable(() => import('../shell/DefaultLayout.tsx'));
export const loadDefaultLayout = defaultLayout.load;

/** Strings every list page renders with (DataTable, dialogs, validation, saved views). */
const LIST_FRAME_NAMESPACES = ['table', 'forms', 'validation', 'views'];

/**
 * A list fetched with its page stays fresh this long, so the page's own query, mounting right after,
 * uses it instead of asking again; a change made through the app invalidates it at once.
 */
const PRELOADED_LIST_FRESH_MS = 5_000;
/** A navigation waits at most this long for the page's first query before showing the page anyway. */
const DATA_WAIT_MS = 1_000;
/** How long a pointer rests on a link before its page is preloaded (passing over it does nothing). */
const HOVER_INTENT_MS = 60;

/**
 * The freshness of the lists and page data preloaded with a page, in `client`: the app's cache, and a
 * server drawing's (so a drawn list is not drawn as fetching again, which the app's first render is not).
 */
export function setPreloadedDefaults(client: QueryClient): void {
  for (const domain of new Set(ROUTES.flatMap((route) => route.list ?? []))) {
    client.setQueryDefaults([[...domain.split('.'), 'list']], { staleTime: PRELOADED_LIST_FRESH_MS });
  }
  for (const path of PAGE_DATA_QUERIES) client.setQueryDefaults([[...path]], { staleTime: PRELOADED_LIST_FRESH_MS });
}
setPreloadedDefaults(queryClient);

const i18nInitialized = new Promise<void>((resolve) => {
  if (i18n.isInitialized) resolve();
  else i18n.on('initialized', () => resolve());
});

/** The namespaces a route renders with beyond `common` (also the server's, drawing it). */
export function namespacesOf(route: RouteDef, signedIn: boolean): string[] {
  const ns = [...(route.ns ?? []), ...(route.list ? LIST_FRAME_NAMESPACES : [])];
  if (layoutOf(route, signedIn) === 'default') ns.push('shell');
  return ns;
}

/** Fetch the namespaces now (even before i18next is ready), then have i18next take them in. */
function loadNamespaces(ns: string[]): Promise<unknown> {
  if (!ns.length) return Promise.resolve();
  const language = i18n.language || document.documentElement.lang || 'en';
  return Promise.all([prefetchNamespaces(language, ns), i18nInitialized.then(() => i18n.loadNamespaces(ns))]);
}

/** The query utilities of a cache: the app's (lib/query.ts), or a server drawing's own. */
export type QueryUtils = typeof trpcUtils;

async function prefetchList(utils: QueryUtils, domain: PreloadedList, search: string): Promise<void> {
  const input = await listInputOf(domain, search);
  const list = utilsOf(utils, domain).list as { prefetch: (input: unknown) => Promise<void> };
  await list.prefetch(input);
}

/**
 * The first query of a signed-in visitor's page at `pathname` (with its route's initial query string
 * applied: `search`), into `utils`' cache, as the page asks it: its list, or its page data. Nothing
 * for a page without either.
 */
export function prefetchPageData(utils: QueryUtils, pathname: string, search: string): Promise<unknown> | undefined {
  const { route, params } = matchPath(pathname);
  if (route.list) return prefetchList(utils, route.list, search);
  return PAGE_DATA[route.name]?.(utils, params);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The guard's verdict on `route` from what the client knows now (the cookie's user and the rules of
 * auth.me, inlined in the first page or asked before); null while a signed-in caller's rules are unknown.
 */
function verdictNow(route: RouteDef, pathname: string, search: string): ReturnType<typeof guard> | null {
  const user = readUserData();
  const me = trpcUtils.auth.me.getData();
  if (user && !me) return null;
  const ability = createAbility(me?.userAbilityRules ?? []);
  return guard(route.meta ?? {}, { signedIn: !!user, role: user?.role_name, ability, pathname, search });
}

/** Start everything the page at `pathname` + `search` needs; settles (never rejects) when it is in. */
function preload(pathname: string, rawSearch: string, withData = true): Promise<void> {
  const { route } = matchPath(pathname);
  const user = readUserData();
  const signedIn = !!user;
  const search = withInitialSearch(route, rawSearch, user?.role_name);
  const meta = route.meta ?? {};
  // The guard sends this visitor elsewhere: nothing of this page will show, and none of its reads may be
  // sent (a role the page refuses would be answered 403 before the redirect).
  const verdict = verdictNow(route, pathname, search);
  if (route.name === 'index' || (verdict && 'redirect' in verdict)) return Promise.resolve();
  if (!verdict && (meta.unauthenticatedOnly || (!meta.public && !signedIn))) return Promise.resolve();
  // Rules not known yet: a page behind a permission fetches its data itself, once the guard let it render.
  const listAllowed = !!verdict || !(meta.action || meta.roles);
  // In order of need, each a tick after the one before, so the browser (at most six requests at a
  // time to one host, while a first page asks for dozens of files) queues them in that order: the
  // query (the longest step: server and database; a failed one shows on the page, the wait is
  // capped), the strings (small, and every part renders with them), the layout (the shell can show,
  // with a skeleton, before the page is in), then the page with the many files it imports.
  const data = withData && signedIn && listAllowed ? prefetchPageData(trpcUtils, pathname, search) : undefined;
  return startInOrder([
    () => data && Promise.race([data, delay(DATA_WAIT_MS)]),
    () => loadNamespaces(namespacesOf(route, signedIn)),
    () => (layoutOf(route, signedIn) === 'default' ? loadDefaultLayout() : undefined),
    () => loadRoutePage(route),
  ]);
}

/**
 * Starts each load a tick after the one before (tRPC sends its batch, and Vite's imports their
 * requests, a little after they are asked for); settles when all have, failed or not (a chunk that
 * failed to load fails again when the page renders, inside its error boundary).
 */
async function startInOrder(loads: (() => unknown)[]): Promise<void> {
  const started: unknown[] = [];
  for (const load of loads) {
    try {
      started.push(load());
    } catch (error) {
      started.push(Promise.reject(error instanceof Error ? error : new Error(String(error))));
    }
    await delay(0);
  }
  await Promise.allSettled(started);
}

/** A promise React's `use` reads without suspending once it has settled. */
type Tracked = Promise<void> & { status?: 'fulfilled'; value?: undefined };

interface Entry {
  promise: Tracked;
  settledAt?: number;
}

const entries = new Map<string, Entry>();
const MAX_ENTRIES = 50;

/**
 * Preload the in-app page at `href` (path and query). The same promise answers until a while after it
 * settled, so hovering, focusing and clicking a link start its loads once.
 */
/**
 * The code and strings of the page at `href`, without asking the server anything (the offline agent
 * warms the inspector's pages with it, so they open offline later in the visit).
 */
export function preloadCode(href: string): Promise<void> {
  const url = new URL(href, window.location.origin);
  return preload(url.pathname, url.search, false);
}

export function preloadHref(href: string): Promise<void> {
  const url = new URL(href, window.location.origin);
  const key = url.pathname + url.search;
  const known = entries.get(key);
  if (known && (known.settledAt === undefined || Date.now() - known.settledAt < PRELOADED_LIST_FRESH_MS))
    return known.promise;
  const entry: Entry = { promise: preload(url.pathname, url.search) };
  void entry.promise.then(() => {
    entry.settledAt = Date.now();
    entry.promise.status = 'fulfilled';
    entry.promise.value = undefined;
  });
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return entry.promise;
}

let firstPage: Tracked | undefined;

/**
 * The loads of the visit's first page (firstRenderReady) while they are under way; none once they
 * have settled. Until then the shell shows the page's skeleton as plain content (app/AppRouter.tsx),
 * not as a Suspense fallback, whose reveal React would hold up to 300 ms.
 */
export function pendingFirstPage(): Promise<void> | undefined {
  return firstPage?.status === 'fulfilled' ? undefined : firstPage;
}

/**
 * What the first render waits for (besides `common`), so that it shows what is there without a
 * Suspense fallback (React 19 holds a reveal after a fallback up to 300 ms): a page in the shell waits
 * for the shell and its strings — the shell shows with the page's skeleton while the page's many files
 * arrive; any other page (login, errors) waits for everything it needs (`preloadHref`).
 */
/**
 * The first page's address with its route's initial query string for this visitor (an inspector's
 * /tasks is /tasks?mine=true), written before anything renders or preloads: the page then renders and
 * asks its first query once, instead of rendering, redirecting and asking again.
 */
export function applyInitialSearch(): void {
  const { pathname, search, hash } = window.location;
  const next = withInitialSearch(matchPath(pathname).route, search, readUserData()?.role_name);
  if (next !== search) window.history.replaceState(window.history.state, '', pathname + next + hash);
}

export function firstRenderReady(href: string, drawn = false): Promise<unknown> {
  const all = preloadHref(href);
  firstPage = all;
  const url = new URL(href, window.location.origin);
  const { route } = matchPath(url.pathname);
  const signedIn = !!readUserData();
  // A drawn page is on screen already: the app replaces it only with the whole page.
  if (drawn || route.name === 'index' || layoutOf(route, signedIn) !== 'default') return all;
  return Promise.allSettled([loadDefaultLayout(), loadNamespaces(['shell'])]);
}

/** An in-app page link of this document (not a download, another window, the API or another site). */
function appLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if (
    (link.target && link.target !== '_self') ||
    link.hasAttribute('download') ||
    link.origin !== window.location.origin
  )
    return null;
  if (/^\/(api|trpc|healthz)(\/|$)/.test(link.pathname)) return null;
  return link;
}

/** Preload the page behind any in-app link the pointer rests on or the focus reaches (nav, rows, menus). */
export function usePrefetchOnIntent(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPointerOver = (event: PointerEvent) => {
      clearTimeout(timer);
      const link = appLink(event.target);
      if (link) timer = setTimeout(() => void preloadHref(link.href), HOVER_INTENT_MS);
    };
    const onFocusIn = (event: FocusEvent) => {
      const link = appLink(event.target);
      if (link) void preloadHref(link.href);
    };
    document.addEventListener('pointerover', onPointerOver);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerover', onPointerOver);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);
}
