// tRPC: apps.logistics.vehicles.list over the same service as REST.
import { ZListVehiclesInput, ZVehicleList } from '../../../shared/schemas/logistics.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
import { listVehicles } from './logistics.service.ts';

export const logisticsRouter = router({
  vehicles: router({
    list: abilityProcedure('read', 'DemoApp')
      .input(ZListVehiclesInput.optional())
      .output(ZVehicleList)
      .query(({ ctx, input }) => listVehicles(ctx, ZListVehiclesInput.parse(input ?? {}))),
  }),
});
