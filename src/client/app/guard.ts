// The one navigation guard (spec section 4 and CONTRACTS.md): decides where a route request goes.
import type { Action, AppAbility, Subject } from '../../shared/abilities/index.ts';
import { landingPathFor } from '../../shared/constants/roles.ts';

export interface RouteMeta {
  public?: boolean;
  unauthenticatedOnly?: boolean;
  action?: Action;
  subject?: Subject;
}

export type GuardResult = { allow: true } | { redirect: string };

/** Where `/` sends a signed-in user: the role's landing page, else access-control or not-authorized. */
export function indexTarget(role: string, ability: AppAbility): string {
  return landingPathFor(role) ?? (ability.can('read', 'AclDemo') ? '/access-control' : '/not-authorized');
}

export function guard(
  meta: RouteMeta,
  state: { signedIn: boolean; role?: string; ability: AppAbility; search: string },
): GuardResult {
  if (meta.public) return { allow: true };
  if (meta.unauthenticatedOnly) return state.signedIn ? { redirect: '/' } : { allow: true };
  if (!state.signedIn) return { redirect: `/login${state.search}` };
  if (meta.action && meta.subject && !state.ability.can(meta.action, meta.subject)) {
    return { redirect: '/not-authorized' };
  }
  return { allow: true };
}
