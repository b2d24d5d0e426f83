// REST (spec section 7): GET /api/apps/permissions.
import type { FastifyPluginAsync } from 'fastify';
import { PERMISSION_SORT_KEYS } from '../../../../shared/schemas/permissions.ts';
import { legacyListQuery } from '../../../rest/params.ts';
import { listPermissions } from './permissions.service.ts';

export const permissionsRest: FastifyPluginAsync = async (app) => {
  app.get('/apps/permissions', async (request) => {
    const { items, total } = await listPermissions(
      request,
      legacyListQuery(request.query as Record<string, unknown>, PERMISSION_SORT_KEYS),
    );
    return { permissions: items, totalPermissions: total };
  });
};
