// REST: /api/apps/users and /api/apps/users/{id}, and the list page's CSV export.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  type TDemoUser,
  ZCreateDemoUserInput,
  ZDemoUser,
  ZDemoUserDetail,
  ZListDemoUsersInput,
} from '../../../../shared/schemas/demo-users.ts';
import { pageCount } from '../../../lib/list/index.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { LegacyAnswer, restInput } from '../../../rest/input.ts';
import { getDemoUser, iterateDemoUsers, listDemoUsers } from './demo-users.listing.ts';
import { createDemoUser, deleteDemoUser } from './demo-users.service.ts';

const ZUsersReply = z.object({
  users: z.array(ZDemoUser),
  totalPages: z.number().int(),
  totalUsers: z.number().int(),
  page: z.number().int(),
});

/** An id that cannot exist answers like an unknown one. */
const ZUserId = restInput(ZByIdInput, { invalid: () => new LegacyAnswer(404, { message: 'User not found' }) });

export const demoUsersRest: FastifyPluginAsyncZod = async (app) => {
  // GET /api/export/demo-users.csv?<the list page's filters>.
  registerCsvExport<typeof ZListDemoUsersInput, TDemoUser>(app, {
    name: 'demo-users',
    input: ZListDemoUsersInput,
    iterate: iterateDemoUsers,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'full_name', value: (r) => r.fullName },
      { header: 'username', value: (r) => r.username },
      { header: 'email', value: (r) => r.email },
      { header: 'company', value: (r) => r.company },
      { header: 'country', value: (r) => r.country },
      { header: 'contact', value: (r) => r.contact },
      { header: 'role', value: (r) => r.role },
      { header: 'plan', value: (r) => r.currentPlan },
      { header: 'billing', value: (r) => r.billing },
      { header: 'status', value: (r) => r.status },
    ],
  });

  app.get(
    '/apps/users',
    { schema: { querystring: ZListDemoUsersInput, response: { 200: ZUsersReply } } },
    async (request) => {
      const input = request.query;
      const { items, total } = await listDemoUsers(request, input);
      return { users: items, totalPages: pageCount(total, input.itemsPerPage), totalUsers: total, page: input.page };
    },
  );

  app.get('/apps/users/:id', { schema: { params: ZUserId, response: { 200: ZDemoUserDetail } } }, async (request) =>
    getDemoUser(request, request.params),
  );

  app.delete('/apps/users/:id', { schema: { params: ZUserId } }, async (request, reply) => {
    await deleteDemoUser(request, request.params);
    return reply.code(204).send();
  });

  // Invalid bodies answer 400 { message, errors: { field: [...] } }.
  app.post(
    '/apps/users',
    { schema: { body: ZCreateDemoUserInput, response: { 201: ZDemoUser } } },
    async (request, reply) => reply.code(201).send(await createDemoUser(request, request.body)),
  );
};
