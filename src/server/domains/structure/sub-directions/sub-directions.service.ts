// Sub-directions: areas inside a direction (code unique per direction). Same abilities as directions;
// the reads are the listing's (re-exported here). Delete is refused while locations use the
// sub-direction (archive instead).
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateSubDirectionInput,
  TSubDirection,
  TUpdateSubDirectionInput,
} from '../../../../shared/schemas/sub-directions.ts';
import { notFound } from '../../../lib/app-error.ts';
import { archiveActions, refuseArchived } from '../../../lib/archive.ts';
import { authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { createRecord, deleteUnreferenced, updateRecord, type WriteSpec } from '../../../lib/records.ts';
import { plural } from '../../../lib/references.ts';
import { assertUnique, type UniqueRule } from '../../../lib/scope.ts';
import { requireDirectionRef } from '../directions/directions.refs.ts';
import { SubDirection } from './sub-direction.entity.ts';
import { getSubDirection } from './sub-directions.listing.ts';

export { getSubDirection, iterateSubDirections, listSubDirections } from './sub-directions.listing.ts';

const uniqueCode: UniqueRule<SubDirection> = {
  entity: SubDirection,
  field: 'code',
  key: 'subDirections.codeTaken',
};

const records: WriteSpec<SubDirection> = {
  entity: SubDirection,
  subject: 'SubDirection',
  label: 'SubDirection',
  snapshot: (s) => ({
    directionId: s.direction.id,
    code: s.code,
    name: s.name,
    description: s.description,
    active: s.active,
  }),
  name: (s) => ({ record: 'SubDirection', name: s.code }),
  unique: uniqueCode,
  referencedBy: { locations: plural('location') },
};

/** The direction to attach to: the caller's customer's, and not archived. */
async function parentDirection(tx: AuthedContext, directionId: number) {
  const direction = await requireDirectionRef(tx.em, directionId, tenantId(tx));
  refuseArchived(direction.archived, { record: 'Direction', name: direction.code }, 'directionId');
  return direction;
}

/**
 * A new sub-direction in a direction of the caller's customer (not archived). Throws FORBIDDEN, NOT_FOUND, BAD_REQUEST,
 * CONFLICT.
 */
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
  return getSubDirection(ctx, { id });
}

/**
 * Change a sub-direction, or move it to another direction (with `version`: CONFLICT when changed since). Throws
 * FORBIDDEN, NOT_FOUND, BAD_REQUEST, CONFLICT.
 */
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
  return getSubDirection(ctx, input);
}

/** Archive (or restore): it drops out of lists and cannot be picked for new links. Throw FORBIDDEN, NOT_FOUND. */
export const { archive: archiveSubDirection, restore: restoreSubDirection } = archiveActions(records, getSubDirection);

/** Refused (CONFLICT) while locations (or anything else) use it. Throws FORBIDDEN, NOT_FOUND. */
export function deleteSubDirection(ctx: ServiceContext, input: { id: number }): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, input.id);
}
