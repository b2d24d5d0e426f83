// Locations: the places inspected (code unique per customer). Same abilities as directions; the reads
// are the listing's (re-exported here). Delete is refused while anything points at the location
// (archive instead).
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateLocationInput,
  TLocationDetail,
  TUpdateLocationInput,
} from '../../../../shared/schemas/locations.ts';
import { archiveActions, refuseArchived } from '../../../lib/archive.ts';
import { authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { createRecord, deleteUnreferenced, updateRecord, type WriteSpec } from '../../../lib/records.ts';
import { assertUnique, assertUniqueChange, type UniqueRule } from '../../../lib/scope.ts';
import { queueWebhookEvent } from '../../platform/integrations/webhooks.refs.ts';
import { requireLocationClassRef } from '../location-classes/location-classes.refs.ts';
import { requireSubDirectionRef } from '../sub-directions/sub-directions.refs.ts';
import { Location } from './location.entity.ts';
import { getLocation } from './locations.listing.ts';

export { getLocation, iterateLocations, listLocations } from './locations.listing.ts';

const uniqueCode: UniqueRule<Location> = {
  entity: Location,
  field: 'code',
  key: 'locations.codeTaken',
};

async function parentSubDirection(tx: AuthedContext, id: number, customerId: number | null) {
  const sub = await requireSubDirectionRef(tx.em, id, customerId);
  refuseArchived(sub.archived, { record: 'SubDirection', name: sub.code }, 'subDirectionId');
  return sub;
}

async function usableLocationClass(tx: AuthedContext, id: number, customerId: number) {
  const found = await requireLocationClassRef(tx.em, id, customerId);
  // The product's wording ("Class "Pop-up store" is archived"), on the input's field.
  refuseArchived(found.archived, { record: 'Class', name: found.name }, 'classId');
  return found;
}

const records: WriteSpec<Location> = {
  entity: Location,
  subject: 'Location',
  label: 'Location',
  snapshot: (l) => ({
    subDirectionId: l.subDirection.id,
    classId: l.locationClass?.id ?? null,
    code: l.code,
    name: l.name,
    address: l.address,
    city: l.city,
    latitude: l.latitude,
    longitude: l.longitude,
    geofenceRadiusM: l.geofenceRadiusM,
    openingHours: l.openingHours,
    timeZone: l.timeZone,
    active: l.active,
  }),
  name: (l) => ({ record: 'Location', name: l.code }),
  unique: uniqueCode,
};

/**
 * A new location in a sub-direction of the caller's customer (not archived). Throws FORBIDDEN, NOT_FOUND, BAD_REQUEST,
 * CONFLICT (code).
 */
export async function createLocation(ctx: ServiceContext, input: TCreateLocationInput): Promise<TLocationDetail> {
  const id = await createRecord(ctx, records, async (tx) => {
    const sub = await parentSubDirection(tx, input.subDirectionId, tenantId(tx));
    const customerId = sub.customerId;
    authorizeRecord(tx, 'create', 'Location', { customerId });
    if (input.classId !== null) await usableLocationClass(tx, input.classId, customerId);
    await assertUnique(tx.em, uniqueCode, { customer: customerId, code: input.code });
    const location = tx.em.create(Location, {
      customer: customerId,
      subDirection: sub.id,
      locationClass: input.classId,
      code: input.code,
      name: input.name,
      address: input.address,
      city: input.city,
      latitude: input.latitude,
      longitude: input.longitude,
      geofenceRadiusM: input.geofenceRadiusM,
      openingHours: input.openingHours,
      timeZone: input.timeZone,
      active: input.active,
      archivedAt: null,
    });
    await queueWebhookEvent(tx.em, customerId, 'location.created', () => getLocation(tx, { id: location.id }));
    return location;
  });
  return getLocation(ctx, { id });
}

/**
 * Change a location (with `version`: CONFLICT when changed since). Throws FORBIDDEN, NOT_FOUND, BAD_REQUEST, CONFLICT.
 */
export async function updateLocation(ctx: ServiceContext, input: TUpdateLocationInput): Promise<TLocationDetail> {
  await updateRecord(
    ctx,
    records,
    input.id,
    async (tx, location) => {
      const customerId = location.customer.id;
      if (input.subDirectionId !== undefined && input.subDirectionId !== location.subDirection.id) {
        await parentSubDirection(tx, input.subDirectionId, customerId);
      }
      if (input.classId != null && input.classId !== (location.locationClass?.id ?? null))
        await usableLocationClass(tx, input.classId, customerId);
      await assertUniqueChange(tx.em, uniqueCode, location, input.code, { customer: customerId });
      // Coordinates go together: the schema refuses one without the other.
      const { id: _id, version: _version, subDirectionId, classId, ...fields } = input;
      tx.em.assign(location, {
        ...definedOnly(fields),
        ...(subDirectionId !== undefined ? { subDirection: subDirectionId } : {}),
        ...(classId !== undefined ? { locationClass: classId } : {}),
      });
      await queueWebhookEvent(tx.em, customerId, 'location.updated', () => getLocation(tx, { id: location.id }));
    },
    input.version,
  );
  return getLocation(ctx, input);
}

/** Archive (or restore): it drops out of lists and cannot be picked for new links. Throw FORBIDDEN, NOT_FOUND. */
export const { archive: archiveLocation, restore: restoreLocation } = archiveActions(records, getLocation);

/**
 * Refused (CONFLICT) while anything (project assignments, tasks…) points at the location. Throws FORBIDDEN, NOT_FOUND.
 */
export function deleteLocation(ctx: ServiceContext, input: { id: number }): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, input.id);
}
