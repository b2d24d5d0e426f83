// Directions: a customer's top-level grouping of locations. admin and businessadmin manage; every
// other business role reads. Delete is refused while sub-directions exist (archive instead).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDeleted } from '../../../shared/schemas/business.ts';
import type { TCreateDirectionInput, TDirection, TListDirectionsInput, TUpdateDirectionInput } from '../../../shared/schemas/directions.ts';
import { AppError } from '../../lib/app-error.ts';
import { archivedSql, setArchived } from '../../lib/archive.ts';
import { authorize, authorizeRecord, tenantId } from '../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../lib/context.ts';
import { defineListing, iterateListing, listOne, listPage, rowDate, rowDateOrNull } from '../../lib/listing.ts';
import { definedOnly } from '../../lib/objects.ts';
import { plural, refuseIfReferenced, registerReferenceCounter } from '../../lib/references.ts';
import { conflictOnUnique, findInTenant, notFound, targetCustomerId, tenantSql, withTransaction } from '../../lib/scope.ts';
import { sql, tableOf, type Sql } from '../../lib/sql-list.ts';
import { diffChanges, recordAudit } from '../audit/audit.service.ts';
import { requireCustomer } from '../customers/customers.service.ts';
import { countSubDirectionsByDirection } from '../sub-directions/sub-directions.service.ts';
import { Direction } from './direction.entity.ts';

export const directionListing = defineListing({
  source: (em: EntityManager) => {
    const d = tableOf(em, Direction, 'd');
    return {
      from: d.from,
      id: d.col('id'),
      select: {
        id: d.col('id'),
        customerId: d.col('customer'),
        code: d.col('code'),
        name: d.col('name'),
        description: d.col('description'),
        active: d.col('active'),
        archivedAt: d.col('archivedAt'),
        createdAt: d.col('createdAt'),
        updatedAt: d.col('updatedAt'),
      },
      search: [d.col('code'), d.col('name')],
      sorts: { code: d.col('code'), name: d.col('name'), createdAt: d.col('createdAt'), updatedAt: d.col('updatedAt') },
    };
  },
  map: (r): TDirection => ({
    id: r.id as number,
    customerId: r.customerId as number,
    code: r.code as string,
    name: r.name as string,
    description: r.description as string | null,
    active: r.active as boolean,
    archivedAt: rowDateOrNull(r.archivedAt),
    subDirectionCount: 0,
    createdAt: rowDate(r.createdAt),
    updatedAt: rowDate(r.updatedAt),
  }),
  enrich: async (em, items) => {
    const counts = await countSubDirectionsByDirection(em, items.map((i) => i.id));
    for (const item of items) item.subDirectionCount = counts.get(item.id) ?? 0;
  },
});

function listFilters(ctx: AuthedContext, input: Omit<TListDirectionsInput, 'page' | 'itemsPerPage'>): (Sql | undefined)[] {
  const d = tableOf(ctx.em, Direction, 'd');
  return [
    tenantSql(ctx, d.col('customer')),
    input.customerId !== undefined ? sql`${d.col('customer')} = ${input.customerId}` : undefined,
    input.active !== undefined ? sql`${d.col('active')} = ${input.active}` : undefined,
    archivedSql(d.col('archivedAt'), input.archived),
  ];
}

export async function listDirections(ctx: ServiceContext, input: TListDirectionsInput) {
  authorize(ctx, 'read', 'Direction');
  return listPage(ctx.em, directionListing, listFilters(ctx, input), { ...input, sortBy: input.sortBy ?? 'code' });
}

export async function* iterateDirections(ctx: ServiceContext, input: TListDirectionsInput) {
  authorize(ctx, 'read', 'Direction');
  yield* iterateListing(ctx.em, directionListing, listFilters(ctx, input), { ...input, sortBy: input.sortBy ?? 'code' });
}

export async function getDirection(ctx: ServiceContext, id: number): Promise<TDirection> {
  authorize(ctx, 'read', 'Direction');
  const d = tableOf(ctx.em, Direction, 'd');
  const found = await listOne(ctx.em, directionListing, [sql`${d.col('id')} = ${id}`, tenantSql(ctx, d.col('customer'))]);
  if (!found) throw notFound('Direction');
  return found;
}

/** For other domains: the direction, if it belongs to `customerId` (else NOT_FOUND). */
export async function requireDirectionRef(
  em: EntityManager,
  id: number,
  customerId: number | null,
): Promise<{ id: number; customerId: number; code: string; archived: boolean }> {
  const direction = await em.findOne(Direction, { id, ...(customerId === null ? {} : { customer: customerId }) });
  if (!direction) throw notFound('Direction');
  return { id: direction.id, customerId: direction.customer.id, code: direction.code, archived: direction.archivedAt !== null };
}

const duplicateCode = 'Another direction of this customer already uses this code';

async function assertCodeFree(em: EntityManager, customerId: number, code: string, exceptId?: number): Promise<void> {
  const clash = await em.findOne(Direction, { customer: customerId, code, ...(exceptId ? { id: { $ne: exceptId } } : {}) });
  if (clash) throw new AppError('CONFLICT', duplicateCode, { code: [duplicateCode] });
}

function snapshot(d: Direction) {
  return { code: d.code, name: d.name, description: d.description, active: d.active };
}

export async function createDirection(ctx: ServiceContext, input: TCreateDirectionInput): Promise<TDirection> {
  authorize(ctx, 'create', 'Direction');
  const id = await withTransaction(ctx, async (tx) => {
    const customerId = targetCustomerId(tx, input.customerId);
    if (tenantId(tx) === null) await requireCustomer(tx.em, customerId);
    authorizeRecord(tx, 'create', 'Direction', { customerId });
    await assertCodeFree(tx.em, customerId, input.code);
    const direction = tx.em.create(Direction, {
      customer: customerId,
      code: input.code,
      name: input.name,
      description: input.description,
      active: input.active,
      archivedAt: null,
    });
    await conflictOnUnique(() => tx.em.flush(), 'code', duplicateCode);
    recordAudit(tx, { action: 'create', entityType: 'Direction', entityId: direction.id, customerId, changes: snapshot(direction) });
    return direction.id;
  });
  return getDirection(ctx, id);
}

export async function updateDirection(ctx: ServiceContext, input: TUpdateDirectionInput): Promise<TDirection> {
  authorize(ctx, 'update', 'Direction');
  await withTransaction(ctx, async (tx) => {
    const direction = await findInTenant(tx, Direction, input.id, 'Direction');
    authorizeRecord(tx, 'update', 'Direction', { id: direction.id, customerId: direction.customer.id });
    const { id: _id, ...patch } = input;
    if (patch.code !== undefined && patch.code !== direction.code) await assertCodeFree(tx.em, direction.customer.id, patch.code, direction.id);
    const before = snapshot(direction);
    tx.em.assign(direction, definedOnly(patch));
    const diff = diffChanges(before, snapshot(direction));
    if (Object.keys(diff).length) {
      recordAudit(tx, { action: 'update', entityType: 'Direction', entityId: direction.id, customerId: direction.customer.id, changes: diff });
    }
    await conflictOnUnique(() => tx.em.flush(), 'code', duplicateCode);
  });
  return getDirection(ctx, input.id);
}

const archiveSpec = { entity: Direction, subject: 'Direction' as const, label: 'Direction' };

export async function archiveDirection(ctx: ServiceContext, id: number): Promise<TDirection> {
  await setArchived(ctx, archiveSpec, id, true);
  return getDirection(ctx, id);
}

export async function restoreDirection(ctx: ServiceContext, id: number): Promise<TDirection> {
  await setArchived(ctx, archiveSpec, id, false);
  return getDirection(ctx, id);
}

/** Refused (CONFLICT) while sub-directions (or anything else) point at it. */
export async function deleteDirection(ctx: ServiceContext, id: number): Promise<TDeleted> {
  authorize(ctx, 'delete', 'Direction');
  await withTransaction(ctx, async (tx) => {
    const direction = await findInTenant(tx, Direction, id, 'Direction');
    authorizeRecord(tx, 'delete', 'Direction', { id: direction.id, customerId: direction.customer.id });
    await refuseIfReferenced(tx.em, 'Direction', id, `Direction "${direction.code}"`);
    recordAudit(tx, { action: 'delete', entityType: 'Direction', entityId: id, customerId: direction.customer.id, changes: snapshot(direction) });
    tx.em.remove(direction);
  });
  return { id, deleted: true };
}

registerReferenceCounter('Customer', async (em, customerId) => ({
  count: await em.count(Direction, { customer: customerId }),
  label: plural('direction'),
}));
