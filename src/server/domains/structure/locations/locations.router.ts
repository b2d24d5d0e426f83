import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateLocationInput,
  ZListLocationsInput,
  ZLocationDetail,
  ZLocationList,
  ZUpdateLocationInput,
} from '../../../../shared/schemas/locations.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as locations from './locations.service.ts';

export const locationsRouter = router({
  list: authedProcedure
    .input(ZListLocationsInput.prefault({}))
    .output(ZLocationList)
    .query(({ ctx, input }) => locations.listLocations(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZLocationDetail)
    .query(({ ctx, input }) => locations.getLocation(ctx, input)),
  create: authedProcedure
    .input(ZCreateLocationInput)
    .output(ZLocationDetail)
    .mutation(({ ctx, input }) => locations.createLocation(ctx, input)),
  update: authedProcedure
    .input(ZUpdateLocationInput)
    .output(ZLocationDetail)
    .mutation(({ ctx, input }) => locations.updateLocation(ctx, input)),
  archive: authedProcedure
    .input(ZByIdInput)
    .output(ZLocationDetail)
    .mutation(({ ctx, input }) => locations.archiveLocation(ctx, input)),
  restore: authedProcedure
    .input(ZByIdInput)
    .output(ZLocationDetail)
    .mutation(({ ctx, input }) => locations.restoreLocation(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => locations.deleteLocation(ctx, input)),
});
