// Authorization helpers every service uses: sign-in check, CASL ability check, tenant scope.
import { subject as caslSubject } from '@casl/ability';
import type { Action, Subject } from '../../shared/abilities/index.ts';
import { AppError } from './app-error.ts';
import type { AuthedContext, ServiceContext } from './context.ts';

/** Throws UNAUTHORIZED unless someone is signed in. */
export function requireUser(ctx: ServiceContext): asserts ctx is AuthedContext {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', 'Sign in to continue');
}

/** Throws FORBIDDEN unless the caller may take `action` on `subject` (type-level check). */
export function authorize(ctx: ServiceContext, action: Action, subject: Subject): asserts ctx is AuthedContext {
  requireUser(ctx);
  if (!ctx.ability.can(action, subject)) {
    throw new AppError('FORBIDDEN', `You are not allowed to ${action} ${subject}`);
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
    throw new AppError('FORBIDDEN', `You are not allowed to ${action} this ${type}`);
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
  if (ctx.user.customerId === null) throw new AppError('FORBIDDEN', 'Your account belongs to no customer');
  return ctx.user.customerId;
}
