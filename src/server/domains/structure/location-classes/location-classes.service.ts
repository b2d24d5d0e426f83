// Location classes: kinds of location, name unique per customer. Same abilities as directions (CASL
// subject 'Class'); the reads are the listing's (re-exported here). Delete is refused while locations
// use the location class (archive instead).
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type { TCreateClassInput, TLocationClass, TUpdateClassInput } from '../../../../shared/schemas/classes.ts';
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
import { LocationClass } from './location-class.entity.ts';
import { getLocationClass } from './location-classes.listing.ts';

export { getLocationClass, iterateLocationClasses, listLocationClasses } from './location-classes.listing.ts';

const uniqueName: UniqueRule<LocationClass> = {
  entity: LocationClass,
  field: 'name',
  key: 'locationClasses.nameTaken',
};

const records: WriteSpec<LocationClass> = {
  entity: LocationClass,
  subject: 'Class',
  label: 'LocationClass',
  snapshot: (c) => ({ name: c.name, description: c.description, color: c.color }),
  // The refusal's wording is the product's ("Class "Supermarket" cannot be deleted: …").
  name: (c) => ({ record: 'Class', name: c.name }),
  unique: uniqueName,
  referencedBy: { locations: plural('location') },
};

/**
 * A new location class of the caller's customer (superadmin: the one named). Throws FORBIDDEN, NOT_FOUND, CONFLICT
 * (name).
 */
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
  return getLocationClass(ctx, { id });
}

/** Change a location class (with `version`: CONFLICT when changed since). Throws FORBIDDEN, NOT_FOUND, CONFLICT. */
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
  return getLocationClass(ctx, input);
}

/** Archive (or restore): it drops out of lists and cannot be picked for new links. Throw FORBIDDEN, NOT_FOUND. */
export const { archive: archiveLocationClass, restore: restoreLocationClass } = archiveActions(
  records,
  getLocationClass,
);

/** Refused (CONFLICT) while locations (or anything else) use it. Throws FORBIDDEN, NOT_FOUND. */
export function deleteLocationClass(ctx: ServiceContext, input: { id: number }): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, input.id);
}
