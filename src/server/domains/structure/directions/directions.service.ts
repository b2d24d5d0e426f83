// Directions: a customer's top-level grouping of locations. admin and businessadmin manage; every
// other business role reads. Delete is refused while sub-directions exist (archive instead).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type { TCreateDirectionInput, TDirection, TListDirectionsInput, TUpdateDirectionInput } from '../../../../shared/schemas/directions.ts';
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
  enrich: enrichWithCount<TDirection>('subDirectionCount', (em, ids) => countSubDirectionsByDirection(em, ids)),
});

function listFilters(ctx: AuthedContext, input: Omit<TListDirectionsInput, 'page' | 'itemsPerPage'>): (Sql | undefined)[] {
  const d = tableOf(ctx.em, Direction, 'd');
  return [
    tenantSql(ctx, d.col('customer')),
    equalsFilter(d.col('customer'), input.customerId),
    equalsFilter(d.col('active'), input.active),
    archivedSql(d.col('archivedAt'), input.archived),
  ];
}

export const { list: listDirections, iterate: iterateDirections } = listingReads('Direction', directionListing, listFilters, 'code');

export async function getDirection(ctx: ServiceContext, id: number): Promise<TDirection> {
  authorize(ctx, 'read', 'Direction');
  const d = tableOf(ctx.em, Direction, 'd');
  return listById(ctx.em, directionListing, id, [tenantSql(ctx, d.col('customer'))], 'Direction');
}

/** For other domains: the direction, if it belongs to `customerId` (else NOT_FOUND). */
export async function requireDirectionRef(
  em: EntityManager,
  id: number,
  customerId: number | null,
): Promise<{ id: number; customerId: number; code: string; archived: boolean }> {
  const direction = await findOwned(em, Direction, id, customerId, 'Direction');
  return { id: direction.id, customerId: direction.customer.id, code: direction.code, archived: direction.archivedAt !== null };
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
  await updateRecord(ctx, records, input.id, async (tx, direction) => {
    const { id: _id, ...patch } = input;
    await assertUniqueChange(tx.em, uniqueCode, direction, patch.code, { customer: direction.customer.id });
    tx.em.assign(direction, definedOnly(patch));
  });
  return getDirection(ctx, input.id);
}

export const { archive: archiveDirection, restore: restoreDirection } = archiveActions(records, getDirection);

/** Refused (CONFLICT) while sub-directions (or anything else) point at it. */
export function deleteDirection(ctx: ServiceContext, id: number): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, id);
}

registerCustomerRecords(Direction, plural('direction'));
