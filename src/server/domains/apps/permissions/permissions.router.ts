// tRPC: apps.permissions.list over the same service as REST; create, update and delete (issue 14).
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreatePermissionInput,
  ZListPermissionsInput,
  ZPermissionRow,
  ZPermissionRowList,
  ZUpdatePermissionInput,
} from '../../../../shared/schemas/permissions.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import { createPermission, deletePermission, listPermissions, updatePermission } from './permissions.service.ts';

export const permissionsRouter = router({
  list: listQuery(ZListPermissionsInput, ZPermissionRowList, listPermissions),
  create: authedProcedure
    .input(ZCreatePermissionInput)
    .output(ZPermissionRow)
    .mutation(({ ctx, input }) => createPermission(ctx, input)),
  update: authedProcedure
    .input(ZUpdatePermissionInput)
    .output(ZPermissionRow)
    .mutation(({ ctx, input }) => updatePermission(ctx, input)),
  delete: authedProcedure.input(ZByIdInput).mutation(({ ctx, input }) => deletePermission(ctx, input)),
});
