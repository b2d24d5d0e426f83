import { defineEntity, p } from '@mikro-orm/core';
import type { TOpeningHours } from '../../../../shared/schemas/locations.ts';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { trgmIndex } from '../../../lib/trgm.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { LocationClass } from '../location-classes/location-class.entity.ts';
import { SubDirection } from '../sub-directions/sub-direction.entity.ts';

/** A place where inspections happen (shop, branch, warehouse). */
export const LocationSchema = defineEntity({
  name: 'Location',
  tableName: 'locations',
  properties: {
    ...baseProperties,
    ...recordVersion,
    customer: () => p.manyToOne(Customer).deleteRule('restrict'),
    subDirection: () => p.manyToOne(SubDirection).deleteRule('restrict'),
    locationClass: () => p.manyToOne(LocationClass).nullable().deleteRule('restrict'),
    code: p.string().length(32),
    name: p.string().length(200),
    address: p.string().length(300).nullable(),
    city: p.string().length(120).nullable(),
    latitude: p.decimal('number').precision(9).scale(6).nullable().check('latitude >= -90 and latitude <= 90'),
    longitude: p.decimal('number').precision(9).scale(6).nullable().check('longitude >= -180 and longitude <= 180'),
    geofenceRadiusM: p.integer().default(100).check('geofence_radius_m >= 10 and geofence_radius_m <= 10000'),
    /** Opening intervals per weekday (mon..sun); an empty list means closed that day. */
    openingHours: p.json<TOpeningHours>(),
    /** IANA time zone overriding the customer's (null: the customer's). */
    timeZone: p.string().length(64).nullable(),
    active: p.boolean().default(true),
    archivedAt: p.datetime().nullable(),
  },
  checks: [{ name: 'locations_coordinates_check', expression: '(latitude is null) = (longitude is null)' }],
  uniques: [{ name: 'locations_customer_code_unique', properties: ['customer', 'code'] }],
  indexes: [
    { properties: ['customer', 'name'] },
    { properties: ['customer', 'city'] },
    { properties: ['customer', 'createdAt'] },
    { properties: ['customer', 'updatedAt'] },
    // Grouped sorts and filters read a group's rows in id order; also the FKs' own indexes.
    { properties: ['subDirection', 'id'] },
    { properties: ['locationClass', 'id'] },
    // Counts of live (not archived) locations, index-only.
    {
      name: 'locations_live_index',
      expression:
        'create index "locations_live_index" on "locations" ("customer_id", "sub_direction_id", "location_class_id", "active") where "archived_at" is null',
    },
    trgmIndex('locations', 'code'),
    trgmIndex('locations', 'name'),
    trgmIndex('locations', 'city'),
  ],
});

export class Location extends LocationSchema.class {}
LocationSchema.setClass(Location);
