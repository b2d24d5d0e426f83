// Archive / restore for tenant-owned records that others point at: a soft delete (archivedAt), audited.
// Archived records drop out of lists by default (`archived: 'exclude'`) and cannot be picked for new links.
import type { Subject } from '../../shared/abilities/index.ts';
import type { TArchivedFilter } from '../../shared/schemas/business.ts';
import { recordAudit, type AuditEntityType } from '../domains/audit/audit.service.ts';
import { authorize, authorizeRecord } from './authz.ts';
import type { AuthedContext, ServiceContext } from './context.ts';
import { findInTenant, withTransaction } from './scope.ts';
import { sql, type Sql } from './sql-list.ts';

interface Archivable {
  id: number;
  archivedAt?: Date | null;
  customer: { id: number };
}

export interface ArchiveSpec<T extends Archivable> {
  entity: abstract new (...args: never[]) => T;
  subject: Subject & AuditEntityType;
  label: string;
  /** Extra check before archiving (e.g. only published schemes). */
  guard?: (tx: AuthedContext, record: T, archived: boolean) => Promise<void> | void;
  /** Extra change on archive/restore (e.g. a scheme's status). */
  apply?: (record: T, archived: boolean) => void;
  /** The record as CASL conditions see it (default: id and customerId). */
  abilityRecord?: (record: T) => Record<string, unknown>;
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
    const record = await findInTenant(tx, spec.entity, id, spec.label);
    authorizeRecord(tx, 'update', spec.subject, spec.abilityRecord?.(record) ?? { id: record.id, customerId: record.customer.id });
    if (!!record.archivedAt === archived) return record.id;
    await spec.guard?.(tx, record, archived);
    const from = record.archivedAt ?? null;
    record.archivedAt = archived ? new Date() : null;
    spec.apply?.(record, archived);
    recordAudit(tx, {
      action: archived ? 'archive' : 'restore',
      entityType: spec.subject,
      entityId: record.id,
      customerId: record.customer.id,
      changes: { archivedAt: { from, to: record.archivedAt } },
    });
    return record.id;
  });
}

/** The list condition for an `archived` filter on a table's archived_at column. */
export function archivedSql(column: Sql, filter: TArchivedFilter): Sql | undefined {
  if (filter === 'include') return undefined;
  return filter === 'only' ? sql`${column} is not null` : sql`${column} is null`;
}
