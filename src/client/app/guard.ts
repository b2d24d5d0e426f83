// The one navigation guard: decides, from a route's
// meta and the session, whether it renders or where it redirects. Pure, so it is tested directly.
import type { AppAbility } from '../../shared/abilities/index.ts';
import { landingPathFor } from '../../shared/constants/roles.ts';
import type { RouteMeta } from './routes.tsx';

export type { RouteMeta };
export type GuardResult = { allow: true } | { redirect: string };

/** Where `/` sends a signed-in user: the role's landing page, else access-control or not-authorized. */
export function indexTarget(role: string, ability: AppAbility): string {
  return landingPathFor(role) ?? (ability.can('read', 'AclDemo') ? '/access-control' : '/not-authorized');
}

/**
 * Where a signed-out visitor of `pathname` goes: /login with the original query string kept, plus
 * `redirect=<pathname>` for any page but the index, so sign-in can come back to it.
 */
export function loginTarget(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  if (pathname !== '/' && !query.has('redirect')) query.append('redirect', pathname);
  const text = query.toString();
  return `/login${text ? `?${text}` : ''}`;
}

export interface GuardState {
  signedIn: boolean;
  role?: string;
  ability: AppAbility;
  pathname: string;
  /** Query string without the leading `?`. */
  search: string;
}

export function guard(meta: RouteMeta, state: GuardState): GuardResult {
  if (meta.public) return { allow: true };
  if (meta.unauthenticatedOnly) return state.signedIn ? { redirect: '/' } : { allow: true };
  if (!state.signedIn) return { redirect: loginTarget(state.pathname, state.search) };
  if (meta.action && meta.subject && !state.ability.can(meta.action, meta.subject)) {
    return { redirect: '/not-authorized' };
  }
  if (meta.roles && !meta.roles.includes(state.role ?? '')) return { redirect: '/not-authorized' };
  return { allow: true };
}

/** Pages a sign-in must not return to (they would send a signed-in user straight on). */
const AUTH_PATHS = new Set(['/login', '/register', '/forgot-password']);

/**
 * `value` as a path of `origin` (pathname + search + hash), or null when it leads anywhere else.
 * Parsed as the browser will (tabs and newlines dropped, `\` as `/`), then compared by origin: a
 * pattern on the raw text misses what the URL parser does (`/%09/evil` becomes `//evil`).
 */
export function sameOriginPath(value: string, origin: string): URL | null {
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  // `/.//evil` is same-origin with the pathname `//evil`, which location.assign would read as another host.
  if (url.pathname.startsWith('//')) return null;
  return url;
}

/**
 * Where to go after sign-in: a same-origin `redirect` target (with the rest of the query string
 * added to its own), else the role's landing page, else `/` (which applies the index rule).
 * `origin` is the app's own (`location.origin` in the browser).
 */
export function afterLoginTarget(role: string, search: string, origin: string): string {
  const query = new URLSearchParams(search);
  const redirect = query.get('redirect');
  query.delete('redirect');
  const target = redirect ? sameOriginPath(redirect, origin) : null;
  if (target && !AUTH_PATHS.has(target.pathname.replace(/\/+$/, '') || '/')) {
    for (const [key, value] of query) target.searchParams.append(key, value);
    return target.pathname + target.search + target.hash;
  }
  return landingPathFor(role) ?? '/';
}
