// Classes (LocationClass): kinds of location, name unique per customer. Same abilities as directions.
// Delete is refused while locations use the class (archive instead).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type { TCreateClassInput, TListClassesInput, TLocationClass, TUpdateClassInput } from '../../../../shared/schemas/classes.ts';
import { archiveActions, archivedSql } from '../../../lib/archive.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { defineListing, enrichWithCount, listById, listingReads, rowDate, rowDateOrNull } from '../../../lib/listing.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { createRecord, deleteUnreferenced, updateRecord, type WriteSpec } from '../../../lib/records.ts';
import { plural, registerCustomerRecords } from '../../../lib/references.ts';
import { assertUnique, assertUniqueChange, findOwned, tenantSql, type UniqueRule } from '../../../lib/scope.ts';
import { equalsFilter, tableOf, type Sql } from '../../../lib/sql-list.ts';
import { customerForNewRecord } from '../../organization/customers/customers.service.ts';
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
  enrich: enrichWithCount<TLocationClass>('locationCount', (em, ids) => countLocationsBy(em, 'locationClass', ids)),
});

function listFilters(ctx: AuthedContext, input: Omit<TListClassesInput, 'page' | 'itemsPerPage'>): (Sql | undefined)[] {
  const c = tableOf(ctx.em, LocationClass, 'k');
  return [
    tenantSql(ctx, c.col('customer')),
    equalsFilter(c.col('customer'), input.customerId),
    archivedSql(c.col('archivedAt'), input.archived),
  ];
}

export const { list: listClasses, iterate: iterateClasses } = listingReads('Class', classListing, listFilters, 'name');

export async function getClass(ctx: ServiceContext, id: number): Promise<TLocationClass> {
  authorize(ctx, 'read', 'Class');
  const c = tableOf(ctx.em, LocationClass, 'k');
  return listById(ctx.em, classListing, id, [tenantSql(ctx, c.col('customer'))], 'Class');
}

/** For other domains: the class, if it is `customerId`'s (NOT_FOUND otherwise). */
export async function requireClassRef(
  em: EntityManager,
  id: number,
  customerId: number,
): Promise<{ id: number; name: string; archived: boolean }> {
  const found = await findOwned(em, LocationClass, id, customerId, 'Class');
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

const uniqueName: UniqueRule<LocationClass> = {
  entity: LocationClass,
  field: 'name',
  message: 'Another class of this customer already has this name',
};

const records: WriteSpec<LocationClass> = {
  entity: LocationClass,
  subject: 'Class',
  label: 'Class',
  snapshot: (c) => ({ name: c.name, description: c.description, color: c.color }),
  name: (c) => `Class "${c.name}"`,
  unique: uniqueName,
};

export async function createClass(ctx: ServiceContext, input: TCreateClassInput): Promise<TLocationClass> {
  const id = await createRecord(ctx, records, async (tx) => {
    const customerId = await customerForNewRecord(tx, input.customerId, 'Class');
    await assertUnique(tx.em, uniqueName, { customer: customerId, name: input.name });
    return tx.em.create(LocationClass, {
      customer: customerId,
      name: input.name,
      description: input.description,
      color: input.color,
      archivedAt: null,
    });
  });
  return getClass(ctx, id);
}

export async function updateClass(ctx: ServiceContext, input: TUpdateClassInput): Promise<TLocationClass> {
  await updateRecord(ctx, records, input.id, async (tx, found) => {
    const { id: _id, ...patch } = input;
    await assertUniqueChange(tx.em, uniqueName, found, patch.name, { customer: found.customer.id });
    tx.em.assign(found, definedOnly(patch));
  });
  return getClass(ctx, input.id);
}

export const { archive: archiveClass, restore: restoreClass } = archiveActions(records, getClass);

/** Refused (CONFLICT) while locations (or anything else) use it. */
export function deleteClass(ctx: ServiceContext, id: number): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, id);
}

registerCustomerRecords(LocationClass, plural('class', 'classes'));
