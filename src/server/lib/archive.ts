// Archive / restore for tenant-owned records that others point at: a soft delete (archivedAt), audited.
// Archived records drop out of lists by default (`archived: 'exclude'`) and cannot be picked for new links.

import { type SqlBool, type StringReference, sql } from 'kysely';
import type { TArchivedFilter } from '../../shared/schemas/business.ts';
import { AppError, type RecordRef } from './app-error.ts';
import { recordAudit } from './audit/audit.ts';
import { authorize } from './authz.ts';
import type { AuthedContext, ServiceContext } from './context.ts';
import type { Filter } from './list/index.ts';
import { loadForWrite, type OwnedRecord, type RecordSpec } from './records.ts';
import { withTransaction } from './scope.ts';

interface Archivable extends OwnedRecord {
  archivedAt?: Date | null;
}

export interface ArchiveSpec<T extends Archivable> extends RecordSpec<T> {
  /** Extra check before archiving (e.g. only published schemes). */
  guard?: (tx: AuthedContext, record: T, archived: boolean) => Promise<void> | void;
  /** Extra change on archive/restore (e.g. a scheme's status). */
  apply?: (record: T, archived: boolean) => void;
}

/** Archive (`archived` true) or restore a record; a no-op when it is already so. Returns its id. */
export async function setArchived<T extends Archivable>(
  ctx: ServiceContext,
  spec: ArchiveSpec<T>,
  id: number,
  archived: boolean,
): Promise<number> {
  authorize(ctx, 'update', spec.subject);
  return withTransaction(ctx, async (tx) => {
    const record = await loadForWrite(tx, spec, id, 'update');
    if (!!record.archivedAt === archived) return record.id;
    await spec.guard?.(tx, record, archived);
    const from = record.archivedAt ?? null;
    record.archivedAt = archived ? new Date() : null;
    spec.apply?.(record, archived);
    recordAudit(tx, {
      action: archived ? 'archive' : 'restore',
      entityType: spec.subject,
      entityId: record.id,
      customerId: record.customer?.id ?? null,
      changes: { archivedAt: { from, to: record.archivedAt } },
    });
    return record.id;
  });
}

type ByIdEntry<R> = (ctx: ServiceContext, input: { id: number }) => Promise<R>;

/**
 * A domain's archive and restore entry points (`{ id }` -> the record as `get` returns it): setArchived,
 * which authorizes `update` first. Throw NOT_FOUND, FORBIDDEN and what the spec's guard throws.
 */
export function archiveActions<T extends Archivable, R>(
  spec: ArchiveSpec<T>,
  get: ByIdEntry<R>,
): { archive: ByIdEntry<R>; restore: ByIdEntry<R> } {
  return {
    archive: async (ctx, input) => {
      await setArchived(ctx, spec, input.id, true);
      return get(ctx, input);
    },
    restore: async (ctx, input) => {
      await setArchived(ctx, spec, input.id, false);
      return get(ctx, input);
    },
  };
}

/**
 * BAD_REQUEST on `field` when the record to link to is archived: `Direction "NORTH" is archived`.
 */
export function refuseArchived(archived: boolean, what: RecordRef, field: string): void {
  if (!archived) return;
  throw new AppError('BAD_REQUEST', 'common.archived', { ...what }, { [field]: 'common.archived' });
}

/** The list condition for an `archived` filter on a table's archived_at column. */
export function archivedFilter<D, TB extends keyof D>(
  column: StringReference<D, TB>,
  filter: TArchivedFilter,
): Filter<D, TB> {
  if (filter === 'include') return undefined;
  const ref = sql.ref(column);
  return filter === 'only' ? sql<SqlBool>`${ref} is not null` : sql<SqlBool>`${ref} is null`;
}
