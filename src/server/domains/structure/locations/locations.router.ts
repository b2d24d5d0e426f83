import {
  ZCreateLocationInput,
  ZListLocationsInput,
  ZLocationDetail,
  ZLocationList,
  ZUpdateLocationInput,
} from '../../../../shared/schemas/locations.ts';
import { router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as locations from './locations.service.ts';

const p = recordProcedures(ZLocationDetail);

export const locationsRouter = router({
  list: p.list(ZListLocationsInput, ZLocationList, locations.listLocations),
  byId: p.byId(locations.getLocation),
  create: p.mutation(ZCreateLocationInput, locations.createLocation),
  update: p.mutation(ZUpdateLocationInput, locations.updateLocation),
  archive: p.byIdMutation(locations.archiveLocation),
  restore: p.byIdMutation(locations.restoreLocation),
  delete: p.delete(locations.deleteLocation),
});
