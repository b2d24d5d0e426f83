// REST (spec sections 7 and 8): /api/apps/users and /api/apps/users/{id}.
import type { FastifyPluginAsync } from 'fastify';
import {
  DEMO_USER_PLANS,
  DEMO_USER_ROLES,
  DEMO_USER_SORT_KEYS,
  DEMO_USER_STATUSES,
  ZCreateDemoUserInput,
} from '../../../../shared/schemas/demo-users.ts';
import { pageCount } from '../../../lib/sql-list.ts';
import { queryEnum } from '../../../rest/legacy.ts';
import { legacyListQuery, pathId } from '../../../rest/params.ts';
import { createDemoUser, deleteDemoUser, getDemoUser, listDemoUsers } from './demo-users.service.ts';

type Query = Record<string, unknown>;
type Params = { id: string };

const NOT_FOUND = { message: 'User not found' };

export const demoUsersRest: FastifyPluginAsync = async (app) => {
  app.get('/apps/users', async (request) => {
    const query = request.query as Query;
    const input = {
      ...legacyListQuery(query, DEMO_USER_SORT_KEYS),
      role: queryEnum(query.role, DEMO_USER_ROLES, 'role'),
      plan: queryEnum(query.plan, DEMO_USER_PLANS, 'plan'),
      status: queryEnum(query.status, DEMO_USER_STATUSES, 'status'),
    };
    const { items, total } = await listDemoUsers(request, input);
    return { users: items, totalPages: pageCount(total, input.itemsPerPage), totalUsers: total, page: input.page };
  });

  app.get<{ Params: Params }>('/apps/users/:id', async (request, reply) => {
    const id = pathId(request.params.id);
    if (id === undefined) return reply.code(404).send(NOT_FOUND);
    return getDemoUser(request, { id });
  });

  app.delete<{ Params: Params }>('/apps/users/:id', async (request, reply) => {
    const id = pathId(request.params.id);
    if (id === undefined) return reply.code(404).send(NOT_FOUND);
    await deleteDemoUser(request, { id });
    return reply.code(204).send();
  });

  app.post('/apps/users', async (request, reply) => {
    // Zod errors become 400 { message, errors: { field: [...] } } in the REST error handler.
    const input = ZCreateDemoUserInput.parse(request.body ?? {});
    return reply.code(201).send(await createDemoUser(request, input));
  });
};
