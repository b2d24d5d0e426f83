// tRPC: apps.logistics.vehicles.list and apps.logistics.summary over the same services as REST.
import { ZListVehiclesInput, ZLogisticsSummary, ZVehicleList } from '../../../../shared/schemas/logistics.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import { listVehicles, logisticsSummary } from './logistics.service.ts';

export const logisticsRouter = router({
  vehicles: router({
    list: listQuery(ZListVehiclesInput, ZVehicleList, listVehicles),
  }),
  summary: authedProcedure.output(ZLogisticsSummary).query(({ ctx }) => logisticsSummary(ctx)),
});
