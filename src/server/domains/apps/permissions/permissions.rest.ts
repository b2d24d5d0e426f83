// REST (spec section 7): GET /api/apps/permissions.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZListPermissionsInput, ZPermission } from '../../../../shared/schemas/permissions.ts';
import { listPermissions } from './permissions.service.ts';

const ZPermissionsReply = z.object({ permissions: z.array(ZPermission), totalPermissions: z.number().int() });

export const permissionsRest: FastifyPluginAsyncZod = async (app) => {
  const schema = { querystring: ZListPermissionsInput, response: { 200: ZPermissionsReply } };
  app.get('/apps/permissions', { schema }, async (request) => {
    const { items, total } = await listPermissions(request, request.query);
    return { permissions: items, totalPermissions: total };
  });
};
