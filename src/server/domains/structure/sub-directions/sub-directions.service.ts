// Sub-directions: areas inside a direction (code unique per direction). Same abilities as directions.
// Delete is refused while locations use the sub-direction (archive instead).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateSubDirectionInput,
  TListSubDirectionsInput,
  TSubDirection,
  TUpdateSubDirectionInput,
} from '../../../../shared/schemas/sub-directions.ts';
import { archiveActions, archivedSql, refuseArchived } from '../../../lib/archive.ts';
import { authorize, authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { defineListing, enrichWithCount, listById, listingReads, rowDate, rowDateOrNull } from '../../../lib/listing.ts';
import { createRecord, deleteUnreferenced, updateRecord, type WriteSpec } from '../../../lib/records.ts';
import { plural, registerCustomerRecords, registerReferenceCounter } from '../../../lib/references.ts';
import { assertUnique, findOwned, tenantSql, type UniqueRule } from '../../../lib/scope.ts';
import { notFound } from '../../../lib/app-error.ts';
import { countPer, equalsFilter, execSql, raw, sql, tableOf, type Sql } from '../../../lib/sql-list.ts';
import { requireDirectionRef } from '../directions/directions.service.ts';
import { countLocationsBy } from '../locations/locations.service.ts';
import { SubDirection } from './sub-direction.entity.ts';

export const subDirectionListing = defineListing({
  source: (em: EntityManager) => {
    const s = tableOf(em, SubDirection, 's');
    return {
      from: sql`${s.from} join "directions" "d" on "d"."id" = ${s.col('direction')}`,
      id: s.col('id'),
      select: {
        id: s.col('id'),
        customerId: s.col('customer'),
        directionId: s.col('direction'),
        directionCode: raw('"d"."code"'),
        directionName: raw('"d"."name"'),
        code: s.col('code'),
        name: s.col('name'),
        description: s.col('description'),
        active: s.col('active'),
        archivedAt: s.col('archivedAt'),
        createdAt: s.col('createdAt'),
        updatedAt: s.col('updatedAt'),
      },
      search: [s.col('code'), s.col('name')],
      sorts: {
        code: s.col('code'),
        name: s.col('name'),
        direction: raw('"d"."code"'),
        createdAt: s.col('createdAt'),
        updatedAt: s.col('updatedAt'),
      },
    };
  },
  map: (r): TSubDirection => ({
    id: r.id as number,
    customerId: r.customerId as number,
    direction: { id: r.directionId as number, code: r.directionCode as string, name: r.directionName as string },
    code: r.code as string,
    name: r.name as string,
    description: r.description as string | null,
    active: r.active as boolean,
    archivedAt: rowDateOrNull(r.archivedAt),
    locationCount: 0,
    createdAt: rowDate(r.createdAt),
    updatedAt: rowDate(r.updatedAt),
  }),
  enrich: enrichWithCount<TSubDirection>('locationCount', (em, ids) => countLocationsBy(em, 'subDirection', ids)),
});

function listFilters(ctx: AuthedContext, input: Omit<TListSubDirectionsInput, 'page' | 'itemsPerPage'>): (Sql | undefined)[] {
  const s = tableOf(ctx.em, SubDirection, 's');
  return [
    tenantSql(ctx, s.col('customer')),
    equalsFilter(s.col('customer'), input.customerId),
    equalsFilter(s.col('direction'), input.directionId),
    equalsFilter(s.col('active'), input.active),
    archivedSql(s.col('archivedAt'), input.archived),
  ];
}

export const { list: listSubDirections, iterate: iterateSubDirections } = listingReads('SubDirection', subDirectionListing, listFilters, 'code');

export async function getSubDirection(ctx: ServiceContext, id: number): Promise<TSubDirection> {
  authorize(ctx, 'read', 'SubDirection');
  const s = tableOf(ctx.em, SubDirection, 's');
  return listById(ctx.em, subDirectionListing, id, [tenantSql(ctx, s.col('customer'))], 'Sub-direction');
}

/* ------------------------------------------------------------------ for other domains */

export function countSubDirectionsByDirection(em: EntityManager, directionIds: number[]): Promise<Map<number, number>> {
  return countPer(em, tableOf(em, SubDirection, 's'), 'direction', directionIds);
}

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
): Promise<Map<number, { id: number; code: string; name: string; direction: { id: number; code: string; name: string } }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const subs = await em.find(SubDirection, { id: { $in: unique } }, { populate: ['direction'] });
  return new Map(
    subs.map((s) => [s.id, { id: s.id, code: s.code, name: s.name, direction: { id: s.direction.id, code: s.direction.code, name: s.direction.name } }]),
  );
}

/**
 * All sub-direction ids in sort order: by their own code, or by their direction's code then theirs
 * (ties by id) — the order of the locations list's `subDirection` and `direction` sorts.
 */
export async function subDirectionOrder(em: EntityManager, by: 'subDirection' | 'direction'): Promise<number[]> {
  const s = tableOf(em, SubDirection, 's');
  const order = by === 'direction' ? sql`"d"."code", "d"."id", ${s.col('code')}, ${s.col('id')}` : sql`${s.col('code')}, ${s.col('id')}`;
  const rows = await execSql<{ id: number }>(em, sql`select ${s.col('id')} as "id" from ${s.from} join "directions" "d" on "d"."id" = ${s.col('direction')} order by ${order}`);
  return rows.map((r) => r.id);
}

/** Ids of a direction's sub-directions. */
export async function subDirectionIdsOf(em: EntityManager, directionId: number): Promise<number[]> {
  const subs = await em.find(SubDirection, { direction: directionId }, { fields: ['id'] });
  return subs.map((s) => s.id);
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
  snapshot: (s) => ({ directionId: s.direction.id, code: s.code, name: s.name, description: s.description, active: s.active }),
  name: (s) => `Sub-direction "${s.code}"`,
  unique: uniqueCode,
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
  await updateRecord(ctx, records, input.id, async (tx, sub) => {
    let directionId = sub.direction.id;
    if (input.directionId !== undefined && input.directionId !== directionId) {
      const direction = await parentDirection(tx, input.directionId);
      if (direction.customerId !== sub.customer.id) throw notFound('Direction');
      directionId = direction.id;
    }
    const code = input.code ?? sub.code;
    if (code !== sub.code || directionId !== sub.direction.id) await assertUnique(tx.em, uniqueCode, { direction: directionId, code }, sub.id);
    tx.em.assign(sub, {
      direction: directionId,
      code,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    });
  });
  return getSubDirection(ctx, input.id);
}

export const { archive: archiveSubDirection, restore: restoreSubDirection } = archiveActions(records, getSubDirection);

/** Refused (CONFLICT) while locations (or anything else) use it. */
export function deleteSubDirection(ctx: ServiceContext, id: number): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, id);
}

registerReferenceCounter('Direction', async (em, directionId) => {
  const subs = await em.find(SubDirection, { direction: directionId }, { orderBy: { code: 'asc' }, limit: 3 });
  return { count: await em.count(SubDirection, { direction: directionId }), label: plural('sub-direction'), examples: subs.map((s) => s.code) };
});

registerCustomerRecords(SubDirection, plural('sub-direction'));
