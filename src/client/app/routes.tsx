// Route resolution: the page module of each route of the table (app/route-table.ts), its layout and
// the matching of paths. Edit route-table.ts to add a page; edit here only to change how routes resolve.
import type { ComponentType } from 'react';
import { type Loadable, loadable } from './loadable.tsx';
import { ROUTES, type RouteDef } from './route-table.ts';

export { type LayoutKind, ROUTES, type RouteDef, type RouteMeta } from './route-table.ts';

// ---- resolution (no need to edit below when adding a page) ------------------------------------

type PageModule = {
  default: ComponentType;
  /**
   * The lazily loaded parts the page shows at once for this visitor, loaded with it: the page then renders
   * them in its first render instead of a fallback and a second render. A part that fails to load is
   * loaded again where it renders.
   */
  parts?: () => Promise<unknown> | undefined;
};
const PAGE_MODULES = import.meta.glob<PageModule>('../pages/**/*Page.tsx');

function loaderOf(page: string | undefined): (() => Promise<PageModule>) | undefined {
  const load = page ? PAGE_MODULES[`../pages/${page}.tsx`] : undefined;
  return (
    load &&
    (() =>
      load().then(async (module) => {
        await Promise.resolve(module.parts?.()).catch(() => undefined);
        return module;
      }))
  );
}

export const NOT_FOUND_ROUTE = ROUTES[ROUTES.length - 1];
const BY_NAME = new Map(ROUTES.map((route) => [route.name, route]));

export function routeByName(name: string): RouteDef | undefined {
  return BY_NAME.get(name);
}

/** Whether the route's own page module exists (the fallback does not count). */
export function pageExists(route: RouteDef | undefined): boolean {
  return !!route && !!loaderOf(route.page);
}

/** Whether the route renders anything but the not-found page. */
export function routeResolves(route: RouteDef): boolean {
  return route.name === 'index' || !!(loaderOf(route.page) ?? loaderOf(route.fallbackPage));
}

const pages = new Map<string, Loadable<object>>();

/** The page module a route renders: its page, else its fallback, else the not-found page. */
function pageOf(route: RouteDef): Loadable<object> {
  const key = loaderOf(route.page)
    ? route.page!
    : loaderOf(route.fallbackPage)
      ? route.fallbackPage!
      : NOT_FOUND_ROUTE.page!;
  let page = pages.get(key);
  if (!page) {
    page = loadable(loaderOf(key)!);
    pages.set(key, page);
  }
  return page;
}

/** The page component a route renders (lazy, or at once when its module was preloaded). */
export function pageComponent(route: RouteDef): ComponentType {
  return pageOf(route).Component;
}

/** Load the module `pageComponent(route)` renders (the same chunk; the browser fetches it once). */
export function loadRoutePage(route: RouteDef): Promise<unknown> {
  return pageOf(route).load();
}

/** The layout a route renders in: `auto` is the shell for a signed-in user, blank for a visitor. */
/**
 * `search`, or the route's initial query string when there is none and the signed-in visitor's role
 * has one (route-table.ts `initialSearch`).
 */
export function withInitialSearch(route: RouteDef, search: string, role: string | undefined): string {
  const initial = route.initialSearch;
  return !search && initial && role && initial.roles.includes(role) ? initial.search : search;
}

export function layoutOf(route: RouteDef, signedIn: boolean): 'blank' | 'default' {
  if (!signedIn) return 'blank';
  return route.layout === 'blank' ? 'blank' : 'default';
}

const compiled = new Map<string, RegExp>();

/**
 * Compiles `/a/:id`, `/a/*` (one or more segments) and `/a/*?` (zero or more) into a case-insensitive
 * RegExp with named groups (wouter's <Route path={regex}> turns them into useParams()).
 */
export function compilePattern(pattern: string): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    let source = '^';
    for (const segment of pattern.split('/').filter(Boolean)) {
      if (segment === '*') source += '/(?<wild>.+)';
      else if (segment === '*?') source += '(?:/(?<wild>.*))?';
      else if (segment.startsWith(':')) source += `/(?<${segment.slice(1)}>[^/]+)`;
      else source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    }
    regex = new RegExp(`${source}/?$`, 'i');
    compiled.set(pattern, regex);
  }
  return regex;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export interface RouteMatch {
  route: RouteDef;
  /** The compiled pattern that matched (give it to wouter's <Route path> for useParams()). */
  pattern: RegExp;
  params: Record<string, string>;
}

/** The route answering a pathname; a route whose page does not exist answers with the not-found route. */
export function matchPath(pathname: string): RouteMatch {
  const notFound = { route: NOT_FOUND_ROUTE, pattern: compilePattern(NOT_FOUND_ROUTE.path), params: {} };
  for (const route of ROUTES) {
    for (const source of [route.path, ...(route.aliases ?? [])]) {
      const pattern = compilePattern(source);
      const result = pattern.exec(pathname);
      if (!result) continue;
      if (!routeResolves(route)) return notFound;
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(result.groups ?? {}))
        if (value !== undefined) params[key] = decode(value);
      return { route, pattern, params };
    }
  }
  return notFound;
}

/** The path of a named route with its params filled in (`/apps/user/view/:id` + {id: 3}). */
export function pathFor(name: string, params: Record<string, string | number> = {}): string {
  const route = BY_NAME.get(name);
  if (!route) throw new Error(`Unknown route name: ${name}`);
  return route.path.replace(/:(\w+)\??/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}
