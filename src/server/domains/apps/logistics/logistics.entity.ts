// Logistics demo app: vehicles of the fleet and the route each is on.
import { defineEntity, p } from '@mikro-orm/core';
import { VEHICLE_WARNINGS } from '../../../../shared/schemas/logistics.ts';
import { baseProperties } from '../../../db/base.entity.ts';
import { DemoTenant } from '../provision/demo-tenant.entity.ts';

export const LogisticsVehicleSchema = defineEntity({
  name: 'LogisticsVehicle',
  tableName: 'logistics_vehicles',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    /** The vehicle's number (the demo API calls it `location`). */
    location: p.integer(),
    startCity: p.string().length(80),
    startCountry: p.string().length(80),
    endCity: p.string().length(80),
    endCountry: p.string().length(80),
    warnings: p.enum([...VEHICLE_WARNINGS]),
    progress: p.smallint(),
  },
});
export class LogisticsVehicle extends LogisticsVehicleSchema.class {}
LogisticsVehicleSchema.setClass(LogisticsVehicle);
