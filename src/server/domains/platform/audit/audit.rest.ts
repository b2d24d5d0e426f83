// REST: GET /api/audit?<filters> (a page, as audit.list) and GET /api/export/audit.csv?<filters> —
// every event of the filter, the changes as JSON in one column.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type TAuditEvent, ZAuditList, ZListAuditInput } from '../../../../shared/schemas/audit.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateAudit, listAudit } from './audit.service.ts';

export const auditRest: FastifyPluginAsync = async (app) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/audit', { schema: { querystring: ZListAuditInput, response: { 200: ZAuditList } } }, async (request) =>
      listAudit(request.serviceContext(), request.query),
    );
  registerCsvExport<typeof ZListAuditInput, TAuditEvent>(app, {
    name: 'audit',
    input: ZListAuditInput,
    iterate: iterateAudit,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'at', value: (r) => r.at },
      { header: 'customer', value: (r) => r.customerName },
      { header: 'actor_email', value: (r) => r.actorEmail },
      { header: 'actor_name', value: (r) => r.actorName },
      { header: 'action', value: (r) => r.action },
      { header: 'entity_type', value: (r) => r.entityType },
      { header: 'entity_id', value: (r) => r.entityId },
      { header: 'changes', value: (r) => JSON.stringify(r.changes) },
    ],
  });
};
