// Logistics demo app constants, without zod so the client's dashboard and fleet
// pages import them cheaply; src/shared/schemas/logistics.ts builds its schemas from them.

export const VEHICLE_WARNINGS = [
  'No Warnings',
  'Ecu Not Responding',
  'Oil Leakage',
  'Fuel Problems',
  'Temperature not optimal',
] as const;
export type TVehicleWarning = (typeof VEHICLE_WARNINGS)[number];
export const VEHICLE_SORT_KEYS = ['location', 'startRoute', 'endRoute', 'warnings', 'progress'] as const;
export type TVehicleSortKey = (typeof VEHICLE_SORT_KEYS)[number];
