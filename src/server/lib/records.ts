// Writes to tenant-owned business records, the same in every domain that has them: load the record
// for a write (in the caller's tenant, the ability checked on the record), create / update / delete
// in one transaction with its audit event. The domain keeps what is its own: the checks and the
// fields it sets. A delete is guarded by the database itself: foreign keys ON DELETE RESTRICT refuse
// it, and the refusal is explained by counting what points at the record (references.ts).
import { subject as caslSubject } from '@casl/ability';
import { LockMode } from '@mikro-orm/core';
import type { Action, Subject } from '../../shared/abilities/index.ts';
import type { ErrorKey } from '../../shared/errors/messages.ts';
import type { TDeleted } from '../../shared/schemas/business.ts';
import { db } from '../db/kysely.ts';
import { notFound, type RecordLabel, type RecordRef, StaleRecordError } from './app-error.ts';
import { type AuditEntityType, recordAudit, recordUpdate } from './audit/audit.ts';
import { authorize, authorizeRecord, tenantId } from './authz.ts';
import type { AuthedContext, ServiceContext } from './context.ts';
import { deleteOrExplain, type ReferenceLabels } from './references.ts';
import { findInTenant, flushUnique, targetCustomerId, type UniqueRule, withTransaction } from './scope.ts';

/**
 * A record that belongs to one customer, or to none (the platform's own: the superadmin's account and
 * views). A record without `customer` (a customer itself) needs its spec's own `load` and audit rules.
 */
export interface OwnedRecord {
  id: number;
  customer?: { id: number } | null;
}

export type WriteAction = 'update' | 'delete';

export interface RecordSpec<T extends OwnedRecord> {
  entity: abstract new (...args: never[]) => T;
  subject: Subject & AuditEntityType;
  /** The kind of record messages name ("Task not found"). */
  label: RecordLabel;
  /** The record as CASL conditions see it (default: id and customerId). */
  abilityRecord?: (record: T) => Record<string, unknown>;
  /** Loads the record for a write in place of the default (findInTenant, then the ability on the record). */
  load?: (tx: AuthedContext, id: number, action: WriteAction) => Promise<T>;
}

export interface WriteSpec<T extends OwnedRecord> extends RecordSpec<T> {
  /** The fields audit events keep (create and delete: all of them; update: those that changed). */
  snapshot: (record: T) => Record<string, unknown>;
  /**
   * How a refused delete names the record: `{ record: 'Direction', name: d.code }` reads
   * `Direction "NORTH"`.
   */
  name: (record: T) => RecordRef;
  /** Checked again at flush: a unique-constraint violation becomes this rule's CONFLICT. */
  unique?: UniqueRule<T>;
  /** How a refused delete names the tables pointing at the record (default: from the table name). */
  referencedBy?: ReferenceLabels;
}

/** The record, in the caller's tenant (NOT_FOUND otherwise), that the caller may `action` (FORBIDDEN otherwise). */
export async function loadForWrite<T extends OwnedRecord>(
  tx: AuthedContext,
  spec: RecordSpec<T>,
  id: number,
  action: WriteAction,
): Promise<T> {
  if (spec.load) return spec.load(tx, id, action);
  const record = await findInTenant(tx, spec.entity, id, spec.label);
  authorizeRecord(
    tx,
    action,
    spec.subject,
    spec.abilityRecord?.(record) ?? { id: record.id, customerId: record.customer?.id ?? null },
  );
  return record;
}

/**
 * The customer a new record of `subject` goes to (see targetCustomerId), checked to exist when the
 * superadmin names it (NOT_FOUND otherwise); FORBIDDEN unless the caller may create such a record for
 * that customer. The create counterpart of loadForWrite.
 */
export async function customerForNewRecord(
  tx: AuthedContext,
  customerId: number | undefined | null,
  subject: Exclude<Subject, 'all'>,
): Promise<number> {
  const id = targetCustomerId(tx, customerId);
  if (tenantId(tx) === null) {
    const found = await db(tx.em).selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst();
    if (!found) throw notFound('Customer');
  }
  authorizeRecord(tx, 'create', subject, { customerId: id });
  return id;
}

function flush<T extends OwnedRecord>(tx: AuthedContext, spec: WriteSpec<T>): Promise<void> {
  return spec.unique ? flushUnique(tx.em, spec.unique) : tx.em.flush();
}

/** Create a record (`make` checks and `em.create`s it), audited; returns its id. */
export async function createRecord<T extends OwnedRecord>(
  ctx: ServiceContext,
  spec: WriteSpec<T>,
  make: (tx: AuthedContext) => Promise<T>,
): Promise<number> {
  authorize(ctx, 'create', spec.subject);
  return withTransaction(ctx, async (tx) => {
    const record = await make(tx);
    await flush(tx, spec);
    recordAudit(tx, {
      action: 'create',
      entityType: spec.subject,
      entityId: record.id,
      customerId: record.customer?.id ?? null,
      changes: spec.snapshot(record),
    });
    return record.id;
  });
}

/** CONFLICT for a write made from a copy of the record older than the stored one (no field errors). */
export function staleRecord(record: RecordLabel): StaleRecordError {
  return new StaleRecordError(record);
}

/**
 * Lock the record's row until the transaction ends (`select … for update`) and load it fresh, so
 * that the version compared next is the stored one and no other write can slip in before the
 * flush. Call it first in the write transaction, before the record is loaded otherwise.
 */
export async function lockRecord(
  tx: AuthedContext,
  entity: abstract new (...args: never[]) => object,
  id: number,
): Promise<void> {
  await tx.em.findOne(entity as never, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/**
 * The checks of a transition (a task's start or review, a corrective action's completion…) on a record
 * already found in the caller's customer: NOT_FOUND when the caller may not even read it (another
 * team's, another inspector's: its existence is not theirs to know), FORBIDDEN when the ability for
 * `action` does not fit.
 */
export function authorizeTransition(
  ctx: AuthedContext,
  action: Action,
  subject: Exclude<Subject, 'all'>,
  record: Record<string, unknown>,
  label: RecordLabel,
): void {
  if (!ctx.ability.can('read', caslSubject(subject, { ...record }) as never)) throw notFound(label);
  authorizeRecord(ctx, action, subject, record);
}

/**
 * A transition's record, locked until the transaction ends (`select … for update`) and loaded fresh
 * (so the state and version checked next are the stored ones), in the caller's customer (NOT_FOUND
 * otherwise), then authorizeTransition. Call it first in the write transaction.
 */
export async function lockForTransition<T extends OwnedRecord>(
  tx: AuthedContext,
  spec: {
    entity: abstract new (...args: never[]) => T;
    subject: Exclude<Subject, 'all'>;
    label: RecordLabel;
    abilityRecord: (record: T) => Record<string, unknown>;
  },
  id: number,
  action: Action,
): Promise<T> {
  const tenant = tenantId(tx);
  const where = { id, ...(tenant === null ? {} : { customer: tenant }) };
  const record = (await tx.em.findOne(spec.entity as never, where as never, {
    lockMode: LockMode.PESSIMISTIC_WRITE,
    refresh: true,
  })) as T | null;
  if (!record) throw notFound(spec.label);
  authorizeTransition(tx, action, spec.subject, spec.abilityRecord(record), spec.label);
  return record;
}

/**
 * Optimistic concurrency: when the caller sends the `expected` version it read, the record must
 * still have it (CONFLICT, `staleRecord`, otherwise); without one, the last write wins. Race-free
 * after lockRecord; the flush's UPDATE also checks the version in its WHERE.
 */
export function assertCurrent(
  record: object,
  expected: number | undefined,
  label: RecordLabel,
  field = 'version',
): void {
  if (expected === undefined) return;
  if ((record as Record<string, unknown>)[field] !== expected) throw staleRecord(label);
}

/**
 * Change a record (`change` checks and assigns), audited with what changed. With `expectedVersion`
 * (the version the caller read), a record changed since is CONFLICT; without, the last write wins.
 */
export async function updateRecord<T extends OwnedRecord>(
  ctx: ServiceContext,
  spec: WriteSpec<T>,
  id: number,
  change: (tx: AuthedContext, record: T) => Promise<void>,
  expectedVersion?: number,
): Promise<void> {
  authorize(ctx, 'update', spec.subject);
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, spec.entity, id);
    const record = await loadForWrite(tx, spec, id, 'update');
    assertCurrent(record, expectedVersion, spec.label);
    const before = spec.snapshot(record);
    await change(tx, record);
    recordUpdate(
      tx,
      { entityType: spec.subject, entityId: record.id, customerId: record.customer?.id ?? null },
      before,
      spec.snapshot(record),
    );
    await flush(tx, spec);
  });
}

/**
 * Delete a record nothing points at, audited with its last fields; CONFLICT naming what points at
 * it otherwise, with `hint` (default: archive it instead).
 */
export async function deleteUnreferenced<T extends OwnedRecord>(
  ctx: ServiceContext,
  spec: WriteSpec<T>,
  id: number,
  hint?: ErrorKey,
): Promise<TDeleted> {
  authorize(ctx, 'delete', spec.subject);
  await withTransaction(ctx, async (tx) => {
    const record = await loadForWrite(tx, spec, id, 'delete');
    await deleteOrExplain(tx.em, spec.entity, id, { what: spec.name(record), hint, labels: spec.referencedBy });
    recordAudit(tx, {
      action: 'delete',
      entityType: spec.subject,
      entityId: id,
      customerId: record.customer?.id ?? null,
      changes: spec.snapshot(record),
    });
    tx.em.getUnitOfWork().unsetIdentity(record);
  });
  return { id, deleted: true };
}
