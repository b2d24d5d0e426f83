// Directions: a customer's top-level grouping of locations. admin and businessadmin manage; every
// other business role reads (the listing's reads, re-exported here). Delete is refused while
// sub-directions exist (archive instead).
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateDirectionInput,
  TDirection,
  TUpdateDirectionInput,
} from '../../../../shared/schemas/directions.ts';
import { archiveActions } from '../../../lib/archive.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { definedOnly } from '../../../lib/objects.ts';
import {
  createRecord,
  customerForNewRecord,
  deleteUnreferenced,
  updateRecord,
  type WriteSpec,
} from '../../../lib/records.ts';
import { plural } from '../../../lib/references.ts';
import { assertUnique, assertUniqueChange, type UniqueRule } from '../../../lib/scope.ts';
import { Direction } from './direction.entity.ts';
import { getDirection } from './directions.listing.ts';

export { getDirection, iterateDirections, listDirections } from './directions.listing.ts';

const uniqueCode: UniqueRule<Direction> = {
  entity: Direction,
  field: 'code',
  key: 'directions.codeTaken',
};

const records: WriteSpec<Direction> = {
  entity: Direction,
  subject: 'Direction',
  label: 'Direction',
  snapshot: (d) => ({ code: d.code, name: d.name, description: d.description, active: d.active }),
  name: (d) => ({ record: 'Direction', name: d.code }),
  unique: uniqueCode,
  referencedBy: { sub_directions: plural('sub-direction') },
};

/**
 * A new direction of the caller's customer (superadmin: the one named). Throws FORBIDDEN, NOT_FOUND, CONFLICT (code).
 */
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
  return getDirection(ctx, { id });
}

/** Change a direction (with `version`: CONFLICT when changed since). Throws FORBIDDEN, NOT_FOUND, CONFLICT. */
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
  return getDirection(ctx, input);
}

/** Archive (or restore): it drops out of lists and cannot be picked for new links. Throw FORBIDDEN, NOT_FOUND. */
export const { archive: archiveDirection, restore: restoreDirection } = archiveActions(records, getDirection);

/** Refused (CONFLICT) while sub-directions (or anything else) point at it. Throws FORBIDDEN, NOT_FOUND. */
export function deleteDirection(ctx: ServiceContext, input: { id: number }): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, input.id);
}
