// tRPC: apps.logistics.vehicles.list over the same service as REST.
import { ZListVehiclesInput, ZVehicleList } from '../../../../shared/schemas/logistics.ts';
import { router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import { listVehicles } from './logistics.service.ts';

export const logisticsRouter = router({
  vehicles: router({
    list: listQuery(ZListVehiclesInput, ZVehicleList, listVehicles),
  }),
});
