// tRPC: apps.permissions.list over the same service as REST.
import { ZListPermissionsInput, ZPermissionList } from '../../../../shared/schemas/permissions.ts';
import { router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import { listPermissions } from './permissions.service.ts';

export const permissionsRouter = router({
  list: listQuery(ZListPermissionsInput, ZPermissionList, listPermissions),
});
