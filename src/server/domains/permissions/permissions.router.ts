// tRPC: apps.permissions.list over the same service as REST.
import { ZListPermissionsInput, ZPermissionList } from '../../../shared/schemas/permissions.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
import { listPermissions } from './permissions.service.ts';

export const permissionsRouter = router({
  list: abilityProcedure('read', 'DemoApp')
    .input(ZListPermissionsInput.optional())
    .output(ZPermissionList)
    .query(({ ctx, input }) => listPermissions(ctx, ZListPermissionsInput.parse(input ?? {}))),
});
