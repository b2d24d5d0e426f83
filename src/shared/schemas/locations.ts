// Locations: the places inspected. Code unique per customer; coordinates optional but both or neither.
// Procedures: locations.list | byId | create | update | archive | restore | delete.
// Same abilities as directions. delete is refused (CONFLICT) while other records use the location;
// archive hides it instead.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { customerFilter, ZArchivedFilter, ZCode, ZCodeRef, zName, zOptionalText } from './business.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputDate, ZTimeZone, ZVersion, zRefId } from './common.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type TWeekday = (typeof WEEKDAYS)[number];

const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, msg('time.format'));

/** One opening interval; `close` after `open` (same day). */
export const ZOpeningInterval = z
  .object({ open: ZTime, close: ZTime })
  .refine((i) => i.close > i.open, { message: msg('locations.closingAfterOpening'), path: ['close'] });

const ZDayHours = z
  .array(ZOpeningInterval)
  .max(4, msg('locations.intervalsMax'))
  .refine(
    (list) =>
      [...list].sort((a, b) => a.open.localeCompare(b.open)).every((iv, i, s) => i === 0 || iv.open >= s[i - 1].close),
    { message: msg('locations.intervalsOverlap') },
  );

/** Opening hours per weekday; an empty list (or a missing day) means closed. */
export const ZOpeningHours = z.object({
  mon: ZDayHours.default([]),
  tue: ZDayHours.default([]),
  wed: ZDayHours.default([]),
  thu: ZDayHours.default([]),
  fri: ZDayHours.default([]),
  sat: ZDayHours.default([]),
  sun: ZDayHours.default([]),
});
export type TOpeningHours = z.infer<typeof ZOpeningHours>;

export const ZLocation = z.object({
  id: z.number(),
  version: ZVersion,
  customerId: z.number(),
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  geofenceRadiusM: z.number(),
  /** IANA time zone overriding the customer's; null: the customer's. */
  timeZone: z.string().nullable(),
  active: z.boolean(),
  archivedAt: z.date().nullable(),
  direction: ZCodeRef,
  subDirection: ZCodeRef,
  class: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TLocation = z.infer<typeof ZLocation>;

/** byId adds the opening hours. */
export const ZLocationDetail = ZLocation.extend({ openingHours: ZOpeningHours });
export type TLocationDetail = z.infer<typeof ZLocationDetail>;

export const LOCATION_SORT_KEYS = [
  'code',
  'name',
  'city',
  'direction',
  'subDirection',
  'class',
  'createdAt',
  'updatedAt',
] as const;
/** q matches code, name and city (trigram indexes). Default sort: code asc. */
export const ZListLocationsInput = listInput(LOCATION_SORT_KEYS, {
  ...customerFilter,
  directionId: ZId.optional(),
  subDirectionId: ZId.optional(),
  classId: ZId.optional(),
  city: z.string().trim().min(1).max(120).optional(),
  active: z.boolean().optional(),
  archived: ZArchivedFilter,
  /** Locations changed at or after this instant (incremental sync). */
  updatedSince: ZInputDate.optional(),
});
export type TListLocationsInput = z.infer<typeof ZListLocationsInput>;
export const ZLocationList = listOutput(ZLocation);

const ZLatitude = z.number().min(-90, msg('geo.latitude')).max(90, msg('geo.latitude'));
const ZLongitude = z.number().min(-180, msg('geo.longitude')).max(180, msg('geo.longitude'));
const ZGeofence = z.number().int().min(10, msg('locations.radiusMin')).max(10_000, msg('locations.radiusMax'));

const locationFields = {
  subDirectionId: zRefId(msg('subDirection.choose')),
  classId: ZId.nullable().default(null),
  code: ZCode,
  name: zName(),
  address: zOptionalText(300),
  city: zOptionalText(120),
  latitude: ZLatitude.nullable().default(null),
  longitude: ZLongitude.nullable().default(null),
  geofenceRadiusM: ZGeofence.default(100),
  openingHours: ZOpeningHours.default({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }),
  timeZone: ZTimeZone.nullable().default(null),
  active: z.boolean().default(true),
};

const bothOrNeither = (v: { latitude?: number | null; longitude?: number | null }) =>
  (v.latitude === undefined) === (v.longitude === undefined) && (v.latitude === null) === (v.longitude === null);
const coordinatesMessage = { message: msg('geo.bothOrNeither'), path: ['longitude'] };

/** The customer is the sub-direction's. */
export const ZCreateLocationInput = z.object(locationFields).refine(bothOrNeither, coordinatesMessage);
export type TCreateLocationInput = z.infer<typeof ZCreateLocationInput>;

export const ZUpdateLocationInput = z
  .object({
    id: ZId,
    version: ZExpectedVersion,
    subDirectionId: zRefId(msg('subDirection.choose')).optional(),
    classId: ZId.nullable().optional(),
    code: ZCode.optional(),
    name: zName().optional(),
    address: zOptionalText(300).optional(),
    city: zOptionalText(120).optional(),
    latitude: ZLatitude.nullable().optional(),
    longitude: ZLongitude.nullable().optional(),
    geofenceRadiusM: ZGeofence.optional(),
    openingHours: ZOpeningHours.optional(),
    timeZone: ZTimeZone.nullable().optional(),
    active: z.boolean().optional(),
  })
  .refine(bothOrNeither, coordinatesMessage);
export type TUpdateLocationInput = z.infer<typeof ZUpdateLocationInput>;
