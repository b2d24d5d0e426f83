// Authorization helpers every service uses: sign-in check, CASL ability check, tenant scope.
import { subject as caslSubject } from '@casl/ability';
import { type Action, defineRulesFor, type Subject } from '../../shared/abilities/index.ts';
import type { Role } from '../../shared/constants/roles.ts';
import type { TAbilityScope, TRoleAbility } from '../../shared/schemas/roles.ts';
import { AppError } from './app-error.ts';
import type { AuthedContext, ServiceContext } from './context.ts';

/** Throws UNAUTHORIZED unless someone is signed in. */
export function requireUser(ctx: ServiceContext): asserts ctx is AuthedContext {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', 'common.signIn');
}

/** Throws FORBIDDEN unless the caller may take `action` on `subject` (type-level check). */
export function authorize(ctx: ServiceContext, action: Action, subject: Subject): asserts ctx is AuthedContext {
  requireUser(ctx);
  if (!ctx.ability.can(action, subject)) {
    throw new AppError('FORBIDDEN', 'common.forbidden', { action, record: subject });
  }
}

/** Throws FORBIDDEN unless the caller may take `action` on this record (conditions checked). */
export function authorizeRecord(
  ctx: AuthedContext,
  action: Action,
  type: Exclude<Subject, 'all'>,
  record: Record<string, unknown>,
): void {
  if (!ctx.ability.can(action, caslSubject(type, { ...record }) as never)) {
    throw new AppError('FORBIDDEN', 'common.forbiddenRecord', { action, record: type });
  }
}

export function isSuperadmin(ctx: ServiceContext): boolean {
  return ctx.user?.role === 'superadmin';
}

/**
 * The customer a non-superadmin is confined to; null for superadmin (sees every tenant).
 * Services add it to every query of tenant-owned records.
 */
export function tenantId(ctx: AuthedContext): number | null {
  if (ctx.user.role === 'superadmin') return null;
  if (ctx.user.customerId === null) throw new AppError('FORBIDDEN', 'common.noCustomer');
  return ctx.user.customerId;
}

/* ------------------------------------------------------------------ the rules as the roles page reads them */

// Placeholders for the person a role's rules are written for: each condition value is then recognised.
const SOMEONE = { id: -101, customerId: -202, teamIds: [-303] };

function scopeOf(conditions: Record<string, unknown> | undefined): TAbilityScope[] {
  if (!conditions) return [];
  const scopes: TAbilityScope[] = [];
  for (const [field, value] of Object.entries(conditions)) {
    const text = JSON.stringify(value);
    if (field === 'customerId' && text === String(SOMEONE.customerId)) scopes.push('ownCustomer');
    else if (text.includes(String(SOMEONE.teamIds[0]))) scopes.push('ownTeams');
    else if (field === 'assigneeId') scopes.push('assignedToThem');
    else if (field === 'ownerId') scopes.push('ownedByThem');
    else if (field === 'id' && text === String(SOMEONE.id)) scopes.push('themselves');
    else if (field === 'shared') scopes.push('shared');
    else throw new Error(`no scope describes the condition ${field}: ${text}`);
  }
  return scopes;
}

const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** What a role may do: the very rules `abilityFor` builds for its users, with conditions named by scope. */
export function roleAbilities(role: Role): TRoleAbility[] {
  return defineRulesFor({ ...SOMEONE, role }).map((rule) => ({
    actions: asList(rule.action),
    subjects: asList(rule.subject),
    scope: scopeOf(rule.conditions),
  }));
}
