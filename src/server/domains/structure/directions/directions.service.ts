// Directions: a customer's top-level grouping of locations. admin and businessadmin manage; every
// other business role reads. Delete is refused while sub-directions exist (archive instead).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateDirectionInput,
  TDirection,
  TListDirectionsInput,
  TUpdateDirectionInput,
} from '../../../../shared/schemas/directions.ts';
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
import { Direction } from './direction.entity.ts';

export const directionListing = defineListing({
  source: (db) =>
    listSource(db.selectFrom('directions as d'), {
      id: 'd.id',
      select: (qb) =>
        qb.select((eb) => [
          'd.id',
          'd.version',
          'd.customer_id',
          'd.code',
          'd.name',
          'd.description',
          'd.active',
          'd.archived_at',
          'd.created_at',
          'd.updated_at',
          // Same context: the direction's list reads its sub-directions' table directly.
          eb
            .selectFrom('sub_directions as s')
            .whereRef('s.direction_id', '=', 'd.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('sub_direction_count'),
        ]),
      search: ['d.code', 'd.name'],
      sorts: { code: 'd.code', name: 'd.name', createdAt: 'd.created_at', updatedAt: 'd.updated_at' },
    }),
  map: (r): TDirection => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    code: r.code,
    name: r.name,
    description: r.description,
    active: r.active,
    archivedAt: toDateOrNull(r.archived_at),
    subDirectionCount: r.sub_direction_count ?? 0,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

function listFilters(
  ctx: AuthedContext,
  input: Omit<TListDirectionsInput, 'page' | 'itemsPerPage'>,
): ListingFilter<typeof directionListing>[] {
  return [
    tenantFilter(ctx, 'd.customer_id'),
    equalsFilter('d.customer_id', input.customerId),
    equalsFilter('d.active', input.active),
    archivedFilter('d.archived_at', input.archived),
  ];
}

export const { list: listDirections, iterate: iterateDirections } = listingReads(
  'Direction',
  directionListing,
  listFilters,
  'code',
);

export async function getDirection(ctx: ServiceContext, id: number): Promise<TDirection> {
  authorize(ctx, 'read', 'Direction');
  return listById(ctx.em, directionListing, id, [tenantFilter(ctx, 'd.customer_id')], 'Direction');
}

/** For other domains: the direction, if it belongs to `customerId` (else NOT_FOUND). */
export async function requireDirectionRef(
  em: EntityManager,
  id: number,
  customerId: number | null,
): Promise<{ id: number; customerId: number; code: string; archived: boolean }> {
  const direction = await findOwned(em, Direction, id, customerId, 'Direction');
  return {
    id: direction.id,
    customerId: direction.customer.id,
    code: direction.code,
    archived: direction.archivedAt !== null,
  };
}

const uniqueCode: UniqueRule<Direction> = {
  entity: Direction,
  field: 'code',
  message: 'Another direction of this customer already uses this code',
};

const records: WriteSpec<Direction> = {
  entity: Direction,
  subject: 'Direction',
  label: 'Direction',
  snapshot: (d) => ({ code: d.code, name: d.name, description: d.description, active: d.active }),
  name: (d) => `Direction "${d.code}"`,
  unique: uniqueCode,
  referencedBy: { sub_directions: plural('sub-direction') },
};

export async function createDirection(ctx: ServiceContext, input: TCreateDirectionInput): Promise<TDirection> {
  const id = await createRecord(ctx, records, async (tx) => {
    const customerId = await customerForNewRecord(tx, input.customerId, 'Direction');
    await assertUnique(tx.em, uniqueCode, { customer: customerId, code: input.code });
    return tx.em.create(Direction, {
      customer: customerId,
      code: input.code,
      name: input.name,
      description: input.description,
      active: input.active,
      archivedAt: null,
    });
  });
  return getDirection(ctx, id);
}

export async function updateDirection(ctx: ServiceContext, input: TUpdateDirectionInput): Promise<TDirection> {
  await updateRecord(
    ctx,
    records,
    input.id,
    async (tx, direction) => {
      const { id: _id, version: _version, ...patch } = input;
      await assertUniqueChange(tx.em, uniqueCode, direction, patch.code, { customer: direction.customer.id });
      tx.em.assign(direction, definedOnly(patch));
    },
    input.version,
  );
  return getDirection(ctx, input.id);
}

export const { archive: archiveDirection, restore: restoreDirection } = archiveActions(records, getDirection);

/** Refused (CONFLICT) while sub-directions (or anything else) point at it. */
export function deleteDirection(ctx: ServiceContext, id: number): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, id);
}
