// Sub-directions: areas inside a direction (code unique per direction). Same abilities as directions.
// Delete is refused while locations use the sub-direction (archive instead).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateSubDirectionInput,
  TListSubDirectionsInput,
  TSubDirection,
  TUpdateSubDirectionInput,
} from '../../../../shared/schemas/sub-directions.ts';
import { db } from '../../../db/kysely.ts';
import { notFound } from '../../../lib/app-error.ts';
import { archiveActions, archivedFilter, refuseArchived } from '../../../lib/archive.ts';
import { authorize, authorizeRecord, tenantId } from '../../../lib/authz.ts';
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
import { createRecord, deleteUnreferenced, updateRecord, type WriteSpec } from '../../../lib/records.ts';
import { plural } from '../../../lib/references.ts';
import { assertUnique, findOwned, tenantFilter, type UniqueRule } from '../../../lib/scope.ts';
import { requireDirectionRef } from '../directions/directions.service.ts';
import { SubDirection } from './sub-direction.entity.ts';

export const subDirectionListing = defineListing({
  source: (db) =>
    listSource(db.selectFrom('sub_directions as s').innerJoin('directions as d', 'd.id', 's.direction_id'), {
      id: 's.id',
      select: (qb) =>
        qb.select((eb) => [
          's.id',
          's.version',
          's.customer_id',
          's.direction_id',
          'd.code as direction_code',
          'd.name as direction_name',
          's.code',
          's.name',
          's.description',
          's.active',
          's.archived_at',
          's.created_at',
          's.updated_at',
          // Same context: the sub-direction's list reads its locations' table directly (archived ones
          // included: they still use it).
          eb
            .selectFrom('locations as l')
            .whereRef('l.sub_direction_id', '=', 's.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('location_count'),
        ]),
      search: ['s.code', 's.name'],
      sorts: {
        code: 's.code',
        name: 's.name',
        direction: 'd.code',
        createdAt: 's.created_at',
        updatedAt: 's.updated_at',
      },
    }),
  map: (r): TSubDirection => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    direction: { id: r.direction_id, code: r.direction_code, name: r.direction_name },
    code: r.code,
    name: r.name,
    description: r.description,
    active: r.active,
    archivedAt: toDateOrNull(r.archived_at),
    locationCount: r.location_count ?? 0,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

function listFilters(
  ctx: AuthedContext,
  input: Omit<TListSubDirectionsInput, 'page' | 'itemsPerPage'>,
): ListingFilter<typeof subDirectionListing>[] {
  return [
    tenantFilter(ctx, 's.customer_id'),
    equalsFilter('s.customer_id', input.customerId),
    equalsFilter('s.direction_id', input.directionId),
    equalsFilter('s.active', input.active),
    archivedFilter('s.archived_at', input.archived),
  ];
}

export const { list: listSubDirections, iterate: iterateSubDirections } = listingReads(
  'SubDirection',
  subDirectionListing,
  listFilters,
  'code',
);

export async function getSubDirection(ctx: ServiceContext, id: number): Promise<TSubDirection> {
  authorize(ctx, 'read', 'SubDirection');
  return listById(ctx.em, subDirectionListing, id, [tenantFilter(ctx, 's.customer_id')], 'Sub-direction');
}

/* ------------------------------------------------------------------ for locations */

/** The sub-direction, if it is `customerId`'s (NOT_FOUND otherwise; any customer when null). */
export async function requireSubDirectionRef(
  em: EntityManager,
  id: number,
  customerId: number | null,
): Promise<{ id: number; customerId: number; code: string; archived: boolean }> {
  const sub = await findOwned(em, SubDirection, id, customerId, 'Sub-direction');
  return { id: sub.id, customerId: sub.customer.id, code: sub.code, archived: sub.archivedAt !== null };
}

/** Sub-directions with their direction, by id (callers scope). */
export async function subDirectionRefs(
  em: EntityManager,
  ids: number[],
): Promise<
  Map<number, { id: number; code: string; name: string; direction: { id: number; code: string; name: string } }>
> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db(em)
    .selectFrom('sub_directions as s')
    .innerJoin('directions as d', 'd.id', 's.direction_id')
    .select([
      's.id',
      's.code',
      's.name',
      'd.id as direction_id',
      'd.code as direction_code',
      'd.name as direction_name',
    ])
    .where('s.id', 'in', unique)
    .execute();
  return new Map(
    rows.map((s) => [
      s.id,
      {
        id: s.id,
        code: s.code,
        name: s.name,
        direction: { id: s.direction_id, code: s.direction_code, name: s.direction_name },
      },
    ]),
  );
}

/**
 * All sub-direction ids in sort order: by their own code, or by their direction's code then theirs
 * (ties by id) — the order of the locations list's `subDirection` and `direction` sorts.
 */
export async function subDirectionOrder(em: EntityManager, by: 'subDirection' | 'direction'): Promise<number[]> {
  let query = db(em)
    .selectFrom('sub_directions as s')
    .innerJoin('directions as d', 'd.id', 's.direction_id')
    .select('s.id');
  if (by === 'direction') query = query.orderBy('d.code').orderBy('d.id');
  const rows = await query.orderBy('s.code').orderBy('s.id').execute();
  return rows.map((r) => r.id);
}

/** Ids of a direction's sub-directions. */
export async function subDirectionIdsOf(em: EntityManager, directionId: number): Promise<number[]> {
  const rows = await db(em).selectFrom('sub_directions').select('id').where('direction_id', '=', directionId).execute();
  return rows.map((r) => r.id);
}

/* ------------------------------------------------------------------ mutations */

const uniqueCode: UniqueRule<SubDirection> = {
  entity: SubDirection,
  field: 'code',
  message: 'Another sub-direction of this direction already uses this code',
};

const records: WriteSpec<SubDirection> = {
  entity: SubDirection,
  subject: 'SubDirection',
  label: 'Sub-direction',
  snapshot: (s) => ({
    directionId: s.direction.id,
    code: s.code,
    name: s.name,
    description: s.description,
    active: s.active,
  }),
  name: (s) => `Sub-direction "${s.code}"`,
  unique: uniqueCode,
  referencedBy: { locations: plural('location') },
};

/** The direction to attach to: the caller's customer's, and not archived. */
async function parentDirection(tx: AuthedContext, directionId: number) {
  const direction = await requireDirectionRef(tx.em, directionId, tenantId(tx));
  refuseArchived(direction.archived, `Direction "${direction.code}"`, 'directionId');
  return direction;
}

export async function createSubDirection(ctx: ServiceContext, input: TCreateSubDirectionInput): Promise<TSubDirection> {
  const id = await createRecord(ctx, records, async (tx) => {
    const direction = await parentDirection(tx, input.directionId);
    authorizeRecord(tx, 'create', 'SubDirection', { customerId: direction.customerId });
    await assertUnique(tx.em, uniqueCode, { direction: direction.id, code: input.code });
    return tx.em.create(SubDirection, {
      customer: direction.customerId,
      direction: direction.id,
      code: input.code,
      name: input.name,
      description: input.description,
      active: input.active,
      archivedAt: null,
    });
  });
  return getSubDirection(ctx, id);
}

export async function updateSubDirection(ctx: ServiceContext, input: TUpdateSubDirectionInput): Promise<TSubDirection> {
  await updateRecord(
    ctx,
    records,
    input.id,
    async (tx, sub) => {
      let directionId = sub.direction.id;
      if (input.directionId !== undefined && input.directionId !== directionId) {
        const direction = await parentDirection(tx, input.directionId);
        if (direction.customerId !== sub.customer.id) throw notFound('Direction');
        directionId = direction.id;
      }
      const code = input.code ?? sub.code;
      if (code !== sub.code || directionId !== sub.direction.id)
        await assertUnique(tx.em, uniqueCode, { direction: directionId, code }, sub.id);
      tx.em.assign(sub, {
        direction: directionId,
        code,
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      });
    },
    input.version,
  );
  return getSubDirection(ctx, input.id);
}

export const { archive: archiveSubDirection, restore: restoreSubDirection } = archiveActions(records, getSubDirection);

/** Refused (CONFLICT) while locations (or anything else) use it. */
export function deleteSubDirection(ctx: ServiceContext, id: number): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, id);
}
