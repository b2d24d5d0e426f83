// tRPC: apps.logistics.vehicles.list and apps.logistics.summary over the same services as REST.
import { ZListVehiclesInput, ZLogisticsSummary, ZVehicleList } from '../../../../shared/schemas/logistics.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listVehicles } from './logistics.listing.ts';
import { logisticsSummary } from './logistics.service.ts';

export const logisticsRouter = router({
  vehicles: router({
    list: authedProcedure
      .input(ZListVehiclesInput.prefault({}))
      .output(ZVehicleList)
      .query(({ ctx, input }) => listVehicles(ctx, input)),
  }),
  summary: authedProcedure.output(ZLogisticsSummary).query(({ ctx }) => logisticsSummary(ctx)),
});
