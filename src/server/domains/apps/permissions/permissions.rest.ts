// REST: GET /api/apps/permissions, and the permissions page's CSV export.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type TPermissionRow, ZListPermissionsInput, ZPermission } from '../../../../shared/schemas/permissions.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iteratePermissions, listPermissions } from './permissions.listing.ts';

const ZPermissionsReply = z.object({ permissions: z.array(ZPermission), totalPermissions: z.number().int() });

export const permissionsRest: FastifyPluginAsyncZod = async (app) => {
  const schema = { querystring: ZListPermissionsInput, response: { 200: ZPermissionsReply } };
  app.get('/apps/permissions', { schema }, async (request) => {
    const { items, total } = await listPermissions(request, request.query);
    return { permissions: items, totalPermissions: total };
  });

  // GET /api/export/permissions.csv?<the permissions page's search and sort>.
  registerCsvExport<typeof ZListPermissionsInput, TPermissionRow>(app, {
    name: 'permissions',
    input: ZListPermissionsInput,
    iterate: iteratePermissions,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'name', value: (r) => r.name },
      { header: 'assigned_to', value: (r) => r.assignedTo.join(' ') },
      { header: 'created_date', value: (r) => r.createdDate },
    ],
  });
};
