import { ZByIdInput } from '../../../shared/schemas/common.ts';
import { ZDeleted } from '../../../shared/schemas/business.ts';
import {
  ZCreateLocationInput,
  ZListLocationsInput,
  ZLocationDetail,
  ZLocationList,
  ZUpdateLocationInput,
} from '../../../shared/schemas/locations.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
import * as locations from './locations.service.ts';

export const locationsRouter = router({
  list: abilityProcedure('read', 'Location')
    .input(ZListLocationsInput.prefault({}))
    .output(ZLocationList)
    .query(({ ctx, input }) => locations.listLocations(ctx, input)),
  byId: abilityProcedure('read', 'Location')
    .input(ZByIdInput)
    .output(ZLocationDetail)
    .query(({ ctx, input }) => locations.getLocation(ctx, input.id)),
  create: abilityProcedure('create', 'Location')
    .input(ZCreateLocationInput)
    .output(ZLocationDetail)
    .mutation(({ ctx, input }) => locations.createLocation(ctx, input)),
  update: abilityProcedure('update', 'Location')
    .input(ZUpdateLocationInput)
    .output(ZLocationDetail)
    .mutation(({ ctx, input }) => locations.updateLocation(ctx, input)),
  archive: abilityProcedure('update', 'Location')
    .input(ZByIdInput)
    .output(ZLocationDetail)
    .mutation(({ ctx, input }) => locations.archiveLocation(ctx, input.id)),
  restore: abilityProcedure('update', 'Location')
    .input(ZByIdInput)
    .output(ZLocationDetail)
    .mutation(({ ctx, input }) => locations.restoreLocation(ctx, input.id)),
  delete: abilityProcedure('delete', 'Location')
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => locations.deleteLocation(ctx, input.id)),
});
