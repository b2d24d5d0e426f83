// The one navigation guard (spec sections 4 and 6, CONTRACTS.md "Browser"): decides, from a route's
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
  return { allow: true };
}

/**
 * Where to go after sign-in: a same-site `redirect` target (with the rest of the query string), else
 * the role's landing page, else `/` (which applies the index rule).
 */
export function afterLoginTarget(role: string, search: string): string {
  const query = new URLSearchParams(search);
  const redirect = query.get('redirect');
  query.delete('redirect');
  if (redirect && /^\/(?![/\\])/.test(redirect) && !/^\/(login|register|forgot-password)\b/.test(redirect)) {
    const rest = query.toString();
    return rest ? `${redirect}?${rest}` : redirect;
  }
  return landingPathFor(role) ?? '/';
}
