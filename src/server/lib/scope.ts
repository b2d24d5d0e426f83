// Tenant scope and ability conditions for the business services: what a caller may see, as SQL,
// and which customer a new record belongs to. Another customer's record is always NOT_FOUND.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, type RawBuilder, type SqlBool, type StringReference, sql } from 'kysely';
import type { Action, Subject } from '../../shared/abilities/index.ts';
import type { ErrorKey, ErrorValues } from '../../shared/errors/messages.ts';
import { AppError, notFound, type RecordLabel } from './app-error.ts';
import { tenantId } from './authz.ts';
import type { AuthedContext } from './context.ts';
import type { Filter } from './list/index.ts';

/**
 * The CASL conditions under which the caller may take `action` on `subject`: `'all'` when a rule
 * has none, else the OR-ed condition objects (e.g. `{ teamId: { $in: [3] } }`). Empty when no rule.
 */
export function abilityConditions(
  ctx: AuthedContext,
  action: Action,
  subject: Subject,
): 'all' | Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const rule of ctx.ability.rulesFor(action, subject)) {
    if (rule.inverted) throw new Error('inverted rules are not supported by abilityConditions');
    if (!rule.conditions) return 'all';
    out.push(rule.conditions);
  }
  return out;
}

/**
 * What the ability conditions of a subject map to: condition field -> column, or -> the condition as
 * an expression of the field's value when it is no column of the row (e.g. a user's teams).
 */
export type ConditionColumns<D, TB extends keyof D> = Record<
  string,
  StringReference<D, TB> | ((value: unknown) => Expression<SqlBool>)
>;

/** `column = value` or `column = any(values)` for one condition value (a scalar or `{ $in: [...] }`). */
function matches(column: string, value: unknown): RawBuilder<SqlBool> {
  if (value && typeof value === 'object' && '$in' in value) {
    const list = (value as { $in: unknown[] }).$in;
    return list.length ? sql<SqlBool>`${sql.ref(column)} = any(${list})` : sql<SqlBool>`false`;
  }
  return sql<SqlBool>`${sql.ref(column)} = ${value}`;
}

/**
 * The caller's ability conditions as a list filter (none when unconditional). Every condition field
 * must be mapped in `columns`; an unmapped one is a programming error.
 */
export function conditionsFilter<D, TB extends keyof D>(
  ctx: AuthedContext,
  action: Action,
  subject: Subject,
  columns: ConditionColumns<D, TB>,
): Filter<D, TB> {
  const conditions = abilityConditions(ctx, action, subject);
  if (conditions === 'all') return undefined;
  if (!conditions.length) return sql<SqlBool>`false`;
  const alternatives = conditions.map((condition) => {
    const parts = Object.entries(condition).map(([field, value]) => {
      const column = columns[field];
      if (!column) throw new Error(`no column for the ability condition field ${subject}.${field}`);
      return typeof column === 'function' ? column(value) : matches(column, value);
    });
    return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
  });
  return sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}

/** `customer_id = <own>` for non-superadmins; no filter for the superadmin. */
export function tenantFilter<D, TB extends keyof D>(ctx: AuthedContext, column: StringReference<D, TB>): Filter<D, TB> {
  const tenant = tenantId(ctx);
  return tenant === null ? undefined : sql<SqlBool>`${sql.ref(column)} = ${tenant}`;
}

/**
 * The customer a new record goes to: the caller's own (a different `customerId` from a non-superadmin
 * is NOT_FOUND, never a way to reach another tenant); the superadmin must name one.
 * Whether that customer exists is the caller's check (records.ts customerForNewRecord makes it).
 */
export function targetCustomerId(ctx: AuthedContext, customerId: number | undefined | null): number {
  const tenant = tenantId(ctx);
  if (tenant !== null) {
    if (customerId != null && customerId !== tenant) throw notFound('Customer');
    return tenant;
  }
  if (customerId == null) {
    throw new AppError('BAD_REQUEST', 'common.chooseCustomer', {}, { customerId: 'common.chooseCustomer' });
  }
  return customerId;
}

/**
 * A uniqueness rule the services check before writing: the entity, the input field it is about, the
 * message key (and its values) of the CONFLICT.
 */
export interface UniqueRule<T extends object = object> {
  entity: abstract new (...args: never[]) => T;
  field: string;
  key: ErrorKey;
  values?: ErrorValues;
}

/** The rule's CONFLICT, its message on its field. */
function uniqueConflict(rule: UniqueRule): AppError {
  return new AppError('CONFLICT', rule.key, rule.values, { [rule.field]: rule.key });
}

/**
 * Run a write and turn a unique-constraint violation into the rule's CONFLICT (the services check
 * uniqueness first; this covers the race between check and insert).
 */
export async function conflictOnUnique<T>(write: () => Promise<T>, rule: UniqueRule): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw uniqueConflict(rule);
    throw error;
  }
}

/** CONFLICT (with the rule's message on its field) when a record other than `exceptId` matches `where`. */
export async function assertUnique<T extends object>(
  em: EntityManager,
  rule: UniqueRule<T>,
  where: Record<string, unknown>,
  exceptId?: number,
): Promise<void> {
  const clash = await em.findOne(rule.entity as never, { ...where, ...(exceptId ? { id: { $ne: exceptId } } : {}) });
  if (clash) throw uniqueConflict(rule);
}

/**
 * On update: when `value` is given and differs from the record's rule field, CONFLICT if another record
 * within `scope` (e.g. the same customer) already has it. Unchanged or absent values are not checked.
 */
export async function assertUniqueChange<T extends { id: number }>(
  em: EntityManager,
  rule: UniqueRule<T>,
  record: T,
  value: unknown,
  scope: Record<string, unknown> = {},
): Promise<void> {
  if (value === undefined || value === (record as Record<string, unknown>)[rule.field]) return;
  await assertUnique(em, rule, { ...scope, [rule.field]: value }, record.id);
}

/** Flush, turning a violation of the rule's unique constraint into the same CONFLICT (see conflictOnUnique). */
export function flushUnique(em: EntityManager, rule: UniqueRule): Promise<void> {
  return conflictOnUnique(() => em.flush(), rule);
}

export interface FindOptions {
  populate?: readonly string[];
  tenantField?: string;
}

/**
 * Load a tenant-owned entity by id if it is `customerId`'s (any customer's when null); NOT_FOUND
 * otherwise, whether it is missing or another customer's.
 */
export async function findOwned<T extends object>(
  em: EntityManager,
  entity: abstract new (...args: never[]) => T,
  id: number,
  customerId: number | null,
  label: RecordLabel,
  options: FindOptions = {},
): Promise<T> {
  const where = { id, ...(customerId === null ? {} : { [options.tenantField ?? 'customer']: customerId }) };
  const found = await em.findOne(entity as never, where, { populate: (options.populate ?? []) as never });
  if (!found) throw notFound(label);
  return found as T;
}

/** findOwned within the caller's scope (any customer for the superadmin). */
export async function findInTenant<T extends object>(
  ctx: AuthedContext,
  entity: abstract new (...args: never[]) => T,
  id: number,
  label: RecordLabel,
  options: FindOptions = {},
): Promise<T> {
  return findOwned(ctx.em, entity, id, tenantId(ctx), label, options);
}

/**
 * Run a mutation in one transaction with a context whose `em` is the transaction's (flushed and
 * committed at the end), so the change and its audit event land together or not at all.
 */
export function withTransaction<T>(ctx: AuthedContext, fn: (tx: AuthedContext) => Promise<T>): Promise<T> {
  return ctx.em.transactional((em) => fn({ ...ctx, em: em }));
}
