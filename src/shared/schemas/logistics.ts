// Logistics demo app: the fleet's vehicles on their routes (spec sections 3 and 7).
import { z } from 'zod';
import { listInput, listOutput } from './common.ts';

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

export const ZListVehiclesInput = listInput(VEHICLE_SORT_KEYS, {});
export type TListVehiclesInput = z.infer<typeof ZListVehiclesInput>;

export const ZVehicle = z.object({
  id: z.number().int(),
  /** The vehicle's number. */
  location: z.number().int(),
  startCity: z.string(),
  startCountry: z.string(),
  endCity: z.string(),
  endCountry: z.string(),
  warnings: z.enum(VEHICLE_WARNINGS),
  /** Percent of the route done, 0 to 100. */
  progress: z.number().int().min(0).max(100),
});
export type TVehicle = z.infer<typeof ZVehicle>;
export const ZVehicleList = listOutput(ZVehicle);
export type TVehicleList = z.infer<typeof ZVehicleList>;
