// tRPC: apps.permissions.{list,create,update,delete} over the same services as REST.
import { z } from 'zod';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreatePermissionInput,
  ZListPermissionsInput,
  ZPermissionRow,
  ZPermissionRowList,
  ZUpdatePermissionInput,
} from '../../../../shared/schemas/permissions.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listPermissions } from './permissions.listing.ts';
import { createPermission, deletePermission, updatePermission } from './permissions.service.ts';

export const permissionsRouter = router({
  list: authedProcedure
    .input(ZListPermissionsInput.prefault({}))
    .output(ZPermissionRowList)
    .query(({ ctx, input }) => listPermissions(ctx, input)),
  create: authedProcedure
    .input(ZCreatePermissionInput)
    .output(ZPermissionRow)
    .mutation(({ ctx, input }) => createPermission(ctx, input)),
  update: authedProcedure
    .input(ZUpdatePermissionInput)
    .output(ZPermissionRow)
    .mutation(({ ctx, input }) => updatePermission(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deletePermission(ctx, input)),
});
