// The audit trail: every mutation of business data records who did what to which record and what
// changed. Written in the caller's unit of work, so the event is flushed with the change itself.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type QueryCreator, sql } from 'kysely';
import type { TSecurityAction } from '../../../shared/schemas/audit.ts';
import { db } from '../../db/kysely.ts';
import { authorize, tenantId } from '../authz.ts';
import type { AuthedContext } from '../context.ts';
import { AuditEvent } from './audit-event.entity.ts';

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'archive'
  | 'restore'
  | 'publish'
  | 'new_version'
  | 'revoke'
  | 'activate'
  | 'deactivate'
  | 'password_reset'
  | 'invite'
  | 'hold'
  | 'complete'
  | 'generate'
  | 'missed'
  // Task transitions (workflow/tasks).
  | 'start'
  | 'save_answers'
  | 'submit'
  | 'approve'
  | 'reject'
  | 'resume'
  | 'cancel'
  // Work a device did offline on a task the server then refused, kept for the reviewer.
  | 'offline_kept'
  // Corrective action transitions (workflow/corrective-actions).
  | 'verify'
  // One import as a whole (entity Import) and each record it wrote.
  | 'import'
  // Security events (platform/auth): sign-ins, second factor, sessions, passwords.
  | SecurityAction;

export type SecurityAction = TSecurityAction;

/** Entity types as audited (the CASL subject names). */
export type AuditEntityType =
  | 'Customer'
  | 'License'
  | 'Direction'
  | 'SubDirection'
  | 'Class'
  | 'Location'
  | 'Scheme'
  | 'Team'
  | 'User'
  | 'SavedView'
  | 'File'
  | 'Project'
  | 'LocationAssignment'
  | 'Slot'
  | 'Task'
  | 'Report'
  | 'CorrectiveAction'
  | 'Import';

export interface AuditInput {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: number;
  /** The customer the record belongs to (null for platform-level records). */
  customerId: number | null;
  /** For updates: `{ field: { from, to } }`; for create/delete: the record's fields. */
  changes?: Record<string, unknown>;
}

/** Who the trail names: the person, or the API key that acted on their behalf (`api key <name>`). */
export function actorName(ctx: AuthedContext): string {
  return ctx.user.apiKey ? `api key ${ctx.user.apiKey.name}`.slice(0, 254) : ctx.user.email;
}

/** Queue an audit event in `ctx.em` (flushed with the caller's change). */
export function recordAudit(ctx: AuthedContext, input: AuditInput): void {
  ctx.em.create(AuditEvent, {
    customer: input.customerId,
    actor: ctx.user.id,
    actorEmail: actorName(ctx),
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId,
    changes: input.changes ?? {},
  });
}

/**
 * A security event about `userId`'s account, written at once on its own statement (not in the caller's
 * unit of work): a refused sign-in is recorded although the request fails. `actor` is the account when
 * the person proved who they are (or an administrator acting), null for a refused attempt.
 */
export async function recordSecurityEvent(
  em: EntityManager,
  input: {
    action: SecurityAction;
    userId: number;
    customerId: number | null;
    actor: { id: number; email: string } | null;
    changes?: Record<string, unknown>;
    /** An event about a customer rather than one account (a single sign-on refused before anyone is known). */
    aboutCustomer?: boolean;
  },
): Promise<void> {
  await db(em)
    .insertInto('audit_events')
    .values({
      at: new Date(),
      customer_id: input.customerId,
      actor_id: input.actor?.id ?? null,
      actor_email: input.actor?.email ?? null,
      action: input.action,
      entity_type: input.aboutCustomer ? 'Customer' : 'User',
      entity_id: input.aboutCustomer && input.customerId !== null ? input.customerId : input.userId,
      changes: input.changes ?? {},
    })
    .execute();
}

/**
 * Audit events of changes nobody made by hand (scheduled jobs: a slot ended unstarted), written in
 * set-based INSERTs inside the caller's transaction; the actor is null and named `system`.
 */
export async function recordSystemAudits(
  em: EntityManager,
  inputs: readonly AuditInput[],
  at = new Date(),
): Promise<void> {
  // Chunks keep each INSERT under PostgreSQL's 65,535 parameters.
  for (let i = 0; i < inputs.length; i += 5000) {
    await db(em)
      .insertInto('audit_events')
      .values(
        inputs.slice(i, i + 5000).map((input) => ({
          at,
          customer_id: input.customerId,
          actor_id: null,
          actor_email: 'system',
          action: input.action,
          entity_type: input.entityType,
          entity_id: input.entityId,
          changes: input.changes ?? {},
        })),
      )
      .execute();
  }
}

/**
 * The audit events of the rows a data-modifying WITH writes, inserted by that same statement (one
 * round trip writes and audits: the autosave): one event per row of the CTE `rows`, whose `id` column
 * is the entity id. Give it the statement's `with` builder: `.with('a', (w) => auditWrittenRows(w, 'u', …))`.
 */
export function auditWrittenRows(
  // The CTE is a table of the statement only; Kysely cannot type a generic reference to it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  w: QueryCreator<any>,
  rows: string,
  ctx: AuthedContext,
  event: Omit<AuditInput, 'entityId'>,
  at: Date,
) {
  return w
    .insertInto('audit_events')
    .columns(['at', 'customer_id', 'actor_id', 'actor_email', 'action', 'entity_type', 'entity_id', 'changes'])
    .expression((eb) =>
      eb
        .selectFrom(rows)
        .select((e) => [
          e.val(at).as('at'),
          e.val(event.customerId).as('customer_id'),
          e.val(ctx.user.id).as('actor_id'),
          e.val(actorName(ctx)).as('actor_email'),
          e.val(event.action).as('action'),
          e.val(event.entityType).as('entity_type'),
          e.ref(`${rows}.id`).as('entity_id'),
          sql`${JSON.stringify(event.changes ?? {})}::jsonb`.as('changes'),
        ]),
    );
}

function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** `{ field: { from, to } }` for every field of `after` whose value differs from `before`. */
export function diffChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (comparable(before[key]) !== comparable(value)) out[key] = { from: before[key] ?? null, to: value };
  }
  return out;
}

/**
 * Queue an 'update' event with the fields that differ between the snapshots (then `extra`, e.g.
 * members added); nothing when nothing changed.
 */
export function recordUpdate(
  ctx: AuthedContext,
  target: Omit<AuditInput, 'action' | 'changes'>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): void {
  const changes = { ...diffChanges(before, after), ...extra };
  if (Object.keys(changes).length) recordAudit(ctx, { action: 'update', ...target, changes });
}

/** Audit events of one record, oldest first, within the caller's customer (needs `read AuditEvent`). */
export async function auditTrail(ctx: AuthedContext, entityType: AuditEntityType, entityId: number) {
  authorize(ctx, 'read', 'AuditEvent');
  const tenant = tenantId(ctx);
  const where = { entityType, entityId, ...(tenant === null ? {} : { customer: tenant }) };
  const events = await ctx.em.find(AuditEvent, where, { orderBy: { id: 'asc' } });
  return events.map((e) => ({
    id: e.id,
    at: e.at,
    action: e.action,
    actorEmail: e.actorEmail,
    customerId: e.customer,
    changes: e.changes,
  }));
}
