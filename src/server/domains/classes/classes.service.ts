// Classes (LocationClass): kinds of location, name unique per customer. Same abilities as directions.
// Delete is refused while locations use the class (archive instead).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDeleted } from '../../../shared/schemas/business.ts';
import type { TCreateClassInput, TListClassesInput, TLocationClass, TUpdateClassInput } from '../../../shared/schemas/classes.ts';
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
import { countLocationsBy } from '../locations/locations.service.ts';
import { LocationClass } from './location-class.entity.ts';

export const classListing = defineListing({
  source: (em: EntityManager) => {
    const c = tableOf(em, LocationClass, 'k');
    return {
      from: c.from,
      id: c.col('id'),
      select: {
        id: c.col('id'),
        customerId: c.col('customer'),
        name: c.col('name'),
        description: c.col('description'),
        color: c.col('color'),
        archivedAt: c.col('archivedAt'),
        createdAt: c.col('createdAt'),
        updatedAt: c.col('updatedAt'),
      },
      search: [c.col('name')],
      sorts: { name: c.col('name'), createdAt: c.col('createdAt'), updatedAt: c.col('updatedAt') },
    };
  },
  map: (r): TLocationClass => ({
    id: r.id as number,
    customerId: r.customerId as number,
    name: r.name as string,
    description: r.description as string | null,
    color: r.color as string,
    archivedAt: rowDateOrNull(r.archivedAt),
    locationCount: 0,
    createdAt: rowDate(r.createdAt),
    updatedAt: rowDate(r.updatedAt),
  }),
  enrich: async (em, items) => {
    const counts = await countLocationsBy(em, 'locationClass', items.map((i) => i.id));
    for (const item of items) item.locationCount = counts.get(item.id) ?? 0;
  },
});

function listFilters(ctx: AuthedContext, input: Omit<TListClassesInput, 'page' | 'itemsPerPage'>): (Sql | undefined)[] {
  const c = tableOf(ctx.em, LocationClass, 'k');
  return [
    tenantSql(ctx, c.col('customer')),
    input.customerId !== undefined ? sql`${c.col('customer')} = ${input.customerId}` : undefined,
    archivedSql(c.col('archivedAt'), input.archived),
  ];
}

export async function listClasses(ctx: ServiceContext, input: TListClassesInput) {
  authorize(ctx, 'read', 'Class');
  return listPage(ctx.em, classListing, listFilters(ctx, input), { ...input, sortBy: input.sortBy ?? 'name' });
}

export async function* iterateClasses(ctx: ServiceContext, input: TListClassesInput) {
  authorize(ctx, 'read', 'Class');
  yield* iterateListing(ctx.em, classListing, listFilters(ctx, input), { ...input, sortBy: input.sortBy ?? 'name' });
}

export async function getClass(ctx: ServiceContext, id: number): Promise<TLocationClass> {
  authorize(ctx, 'read', 'Class');
  const c = tableOf(ctx.em, LocationClass, 'k');
  const found = await listOne(ctx.em, classListing, [sql`${c.col('id')} = ${id}`, tenantSql(ctx, c.col('customer'))]);
  if (!found) throw notFound('Class');
  return found;
}

/** For other domains: the class, if it is `customerId`'s (NOT_FOUND otherwise). */
export async function requireClassRef(
  em: EntityManager,
  id: number,
  customerId: number,
): Promise<{ id: number; name: string; archived: boolean }> {
  const found = await em.findOne(LocationClass, { id, customer: customerId });
  if (!found) throw notFound('Class');
  return { id: found.id, name: found.name, archived: found.archivedAt !== null };
}

/** Classes by id (callers scope). */
export async function classRefs(em: EntityManager, ids: number[]): Promise<Map<number, { id: number; name: string; color: string }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const found = await em.find(LocationClass, { id: { $in: unique } });
  return new Map(found.map((c) => [c.id, { id: c.id, name: c.name, color: c.color }]));
}

/** All class ids by name (ties by id): the order of the locations list's `class` sort. */
export async function classOrder(em: EntityManager): Promise<number[]> {
  const found = await em.find(LocationClass, {}, { orderBy: [{ name: 'asc' }, { id: 'asc' }], fields: ['id'] });
  return found.map((c) => c.id);
}

const duplicateName = 'Another class of this customer already has this name';

async function assertNameFree(em: EntityManager, customerId: number, name: string, exceptId?: number): Promise<void> {
  const clash = await em.findOne(LocationClass, { customer: customerId, name, ...(exceptId ? { id: { $ne: exceptId } } : {}) });
  if (clash) throw new AppError('CONFLICT', duplicateName, { name: [duplicateName] });
}

function snapshot(c: LocationClass) {
  return { name: c.name, description: c.description, color: c.color };
}

export async function createClass(ctx: ServiceContext, input: TCreateClassInput): Promise<TLocationClass> {
  authorize(ctx, 'create', 'Class');
  const id = await withTransaction(ctx, async (tx) => {
    const customerId = targetCustomerId(tx, input.customerId);
    if (tenantId(tx) === null) await requireCustomer(tx.em, customerId);
    authorizeRecord(tx, 'create', 'Class', { customerId });
    await assertNameFree(tx.em, customerId, input.name);
    const created = tx.em.create(LocationClass, {
      customer: customerId,
      name: input.name,
      description: input.description,
      color: input.color,
      archivedAt: null,
    });
    await conflictOnUnique(() => tx.em.flush(), 'name', duplicateName);
    recordAudit(tx, { action: 'create', entityType: 'Class', entityId: created.id, customerId, changes: snapshot(created) });
    return created.id;
  });
  return getClass(ctx, id);
}

export async function updateClass(ctx: ServiceContext, input: TUpdateClassInput): Promise<TLocationClass> {
  authorize(ctx, 'update', 'Class');
  await withTransaction(ctx, async (tx) => {
    const found = await findInTenant(tx, LocationClass, input.id, 'Class');
    authorizeRecord(tx, 'update', 'Class', { id: found.id, customerId: found.customer.id });
    const { id: _id, ...patch } = input;
    if (patch.name !== undefined && patch.name !== found.name) await assertNameFree(tx.em, found.customer.id, patch.name, found.id);
    const before = snapshot(found);
    tx.em.assign(found, definedOnly(patch));
    const diff = diffChanges(before, snapshot(found));
    if (Object.keys(diff).length) recordAudit(tx, { action: 'update', entityType: 'Class', entityId: found.id, customerId: found.customer.id, changes: diff });
    await conflictOnUnique(() => tx.em.flush(), 'name', duplicateName);
  });
  return getClass(ctx, input.id);
}

const archiveSpec = { entity: LocationClass, subject: 'Class' as const, label: 'Class' };

export async function archiveClass(ctx: ServiceContext, id: number): Promise<TLocationClass> {
  await setArchived(ctx, archiveSpec, id, true);
  return getClass(ctx, id);
}

export async function restoreClass(ctx: ServiceContext, id: number): Promise<TLocationClass> {
  await setArchived(ctx, archiveSpec, id, false);
  return getClass(ctx, id);
}

/** Refused (CONFLICT) while locations (or anything else) use it. */
export async function deleteClass(ctx: ServiceContext, id: number): Promise<TDeleted> {
  authorize(ctx, 'delete', 'Class');
  await withTransaction(ctx, async (tx) => {
    const found = await findInTenant(tx, LocationClass, id, 'Class');
    authorizeRecord(tx, 'delete', 'Class', { id: found.id, customerId: found.customer.id });
    await refuseIfReferenced(tx.em, 'Class', id, `Class "${found.name}"`);
    recordAudit(tx, { action: 'delete', entityType: 'Class', entityId: id, customerId: found.customer.id, changes: snapshot(found) });
    tx.em.remove(found);
  });
  return { id, deleted: true };
}

registerReferenceCounter('Customer', async (em, customerId) => ({
  count: await em.count(LocationClass, { customer: customerId }),
  label: plural('class', 'classes'),
}));
