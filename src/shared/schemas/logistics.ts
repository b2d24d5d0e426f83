// Logistics demo app: the fleet's vehicles on their routes, and the dashboard's figures.
import { z } from 'zod';
import { VEHICLE_SORT_KEYS, VEHICLE_WARNINGS } from '../constants/logistics.ts';
import { listInput, listOutput } from './common.ts';

export {
  type TVehicleSortKey,
  type TVehicleWarning,
  VEHICLE_SORT_KEYS,
  VEHICLE_WARNINGS,
} from '../constants/logistics.ts';

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

/**
 * A vehicle's status, derived from its route progress (the table has no status column): waiting (0 %),
 * loading (1–20 %), on the way (21–89 %), unloading (90–99 %), delivered (100 %).
 */
export const VEHICLE_STATUSES = ['waiting', 'loading', 'onTheWay', 'unloading', 'delivered'] as const;
export type TVehicleStatus = (typeof VEHICLE_STATUSES)[number];

/** The logistics dashboard's figures, each computed in SQL over the caller's copy of the fleet. */
export const ZLogisticsSummary = z.object({
  totalVehicles: z.number().int(),
  /** Vehicles per status (every status, zero included), in VEHICLE_STATUSES order. */
  byStatus: z.array(z.object({ status: z.enum(VEHICLE_STATUSES), count: z.number().int() })),
  /** Vehicles per warning (every warning, zero included), in VEHICLE_WARNINGS order. */
  byWarning: z.array(z.object({ warning: z.enum(VEHICLE_WARNINGS), count: z.number().int() })),
  /** Shipments per destination country: how many and their average progress (percent, one decimal). */
  shipments: z.array(z.object({ country: z.string(), shipments: z.number().int(), averageProgress: z.number() })),
  performance: z.object({
    /** Average progress of every vehicle (percent, one decimal). */
    averageProgress: z.number(),
    delivered: z.number().int(),
    /** Vehicles with a warning other than "No Warnings". */
    withWarnings: z.number().int(),
    /** Average progress of the vehicles without a warning and of those with one (null when none). */
    averageProgressWithoutWarnings: z.number().nullable(),
    averageProgressWithWarnings: z.number().nullable(),
  }),
});
export type TLogisticsSummary = z.infer<typeof ZLogisticsSummary>;
