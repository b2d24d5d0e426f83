// Location classes: kinds of location, name unique per customer. Same abilities as directions (CASL
// subject 'Class'). Delete is refused while locations use the location class (archive instead).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateClassInput,
  TListClassesInput,
  TLocationClass,
  TUpdateClassInput,
} from '../../../../shared/schemas/classes.ts';
import { db } from '../../../db/kysely.ts';
import { archiveActions, archivedFilter } from '../../../lib/archive.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  type ListingFilter,
  listById,
  listingReads,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { createRecord, deleteUnreferenced, updateRecord, type WriteSpec } from '../../../lib/records.ts';
import { plural } from '../../../lib/references.ts';
import { assertUnique, assertUniqueChange, findOwned, tenantFilter, type UniqueRule } from '../../../lib/scope.ts';
import { customerForNewRecord } from '../../organization/customers/customers.service.ts';
import { LocationClass } from './location-class.entity.ts';

export const locationClassListing = defineListing({
  source: (db) =>
    listSource(db.selectFrom('location_classes as k'), {
      id: 'k.id',
      select: (qb) =>
        qb.select((eb) => [
          'k.id',
          'k.version',
          'k.customer_id',
          'k.name',
          'k.description',
          'k.color',
          'k.archived_at',
          'k.created_at',
          'k.updated_at',
          // Same context: the location class's list reads its locations' table directly (archived ones
          // included: they still use it).
          eb
            .selectFrom('locations as l')
            .whereRef('l.location_class_id', '=', 'k.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('location_count'),
        ]),
      search: ['k.name'],
      sorts: { name: 'k.name', createdAt: 'k.created_at', updatedAt: 'k.updated_at' },
    }),
  map: (r): TLocationClass => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    name: r.name,
    description: r.description,
    color: r.color,
    archivedAt: toDateOrNull(r.archived_at),
    locationCount: r.location_count ?? 0,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

function listFilters(
  ctx: AuthedContext,
  input: Omit<TListClassesInput, 'page' | 'itemsPerPage'>,
): ListingFilter<typeof locationClassListing>[] {
  return [
    tenantFilter(ctx, 'k.customer_id'),
    equalsFilter('k.customer_id', input.customerId),
    archivedFilter('k.archived_at', input.archived),
  ];
}

export const { list: listLocationClasses, iterate: iterateLocationClasses } = listingReads(
  'Class',
  locationClassListing,
  listFilters,
  'name',
);

export async function getLocationClass(ctx: ServiceContext, id: number): Promise<TLocationClass> {
  authorize(ctx, 'read', 'Class');
  return listById(ctx.em, locationClassListing, id, [tenantFilter(ctx, 'k.customer_id')], 'Location class');
}

/* ------------------------------------------------------------------ for locations */

/** The location class, if it is `customerId`'s (NOT_FOUND otherwise). */
export async function requireLocationClassRef(
  em: EntityManager,
  id: number,
  customerId: number,
): Promise<{ id: number; name: string; archived: boolean }> {
  const found = await findOwned(em, LocationClass, id, customerId, 'Location class');
  return { id: found.id, name: found.name, archived: found.archivedAt !== null };
}

/** Location classes by id (callers scope). */
export async function locationClassRefs(
  em: EntityManager,
  ids: number[],
): Promise<Map<number, { id: number; name: string; color: string }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db(em)
    .selectFrom('location_classes')
    .select(['id', 'name', 'color'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((c) => [c.id, c]));
}

/** All location class ids by name (ties by id): the order of the locations list's `class` sort. */
export async function locationClassOrder(em: EntityManager): Promise<number[]> {
  const rows = await db(em).selectFrom('location_classes').select('id').orderBy('name').orderBy('id').execute();
  return rows.map((c) => c.id);
}

/* ------------------------------------------------------------------ mutations */

const uniqueName: UniqueRule<LocationClass> = {
  entity: LocationClass,
  field: 'name',
  message: 'Another location class of this customer already has this name',
};

const records: WriteSpec<LocationClass> = {
  entity: LocationClass,
  subject: 'Class',
  label: 'Location class',
  snapshot: (c) => ({ name: c.name, description: c.description, color: c.color }),
  // The refusal's wording is the product's ("Class "Supermarket" cannot be deleted: …").
  name: (c) => `Class "${c.name}"`,
  unique: uniqueName,
  referencedBy: { locations: plural('location') },
};

export async function createLocationClass(ctx: ServiceContext, input: TCreateClassInput): Promise<TLocationClass> {
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
  return getLocationClass(ctx, id);
}

export async function updateLocationClass(ctx: ServiceContext, input: TUpdateClassInput): Promise<TLocationClass> {
  await updateRecord(
    ctx,
    records,
    input.id,
    async (tx, found) => {
      const { id: _id, version: _version, ...patch } = input;
      await assertUniqueChange(tx.em, uniqueName, found, patch.name, { customer: found.customer.id });
      tx.em.assign(found, definedOnly(patch));
    },
    input.version,
  );
  return getLocationClass(ctx, input.id);
}

export const { archive: archiveLocationClass, restore: restoreLocationClass } = archiveActions(
  records,
  getLocationClass,
);

/** Refused (CONFLICT) while locations (or anything else) use it. */
export function deleteLocationClass(ctx: ServiceContext, id: number): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, id);
}

// The names location-classes.router.ts and .rest.ts import today; they go once those files use the names above.
export {
  archiveLocationClass as archiveClass,
  createLocationClass as createClass,
  deleteLocationClass as deleteClass,
  getLocationClass as getClass,
  iterateLocationClasses as iterateClasses,
  listLocationClasses as listClasses,
  restoreLocationClass as restoreClass,
  updateLocationClass as updateClass,
};
