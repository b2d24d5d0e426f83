// REST: GET /api/export/outbox.csv|.xlsx?<filters> — the superadmin's deliveries of the filter, every row.
import type { FastifyPluginAsync } from 'fastify';
import { type TOutboxEmail, ZListOutboxInput } from '../../../../shared/schemas/outbox.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateOutbox } from './outbox.service.ts';

export const outboxRest: FastifyPluginAsync = async (app) => {
  registerCsvExport<typeof ZListOutboxInput, TOutboxEmail>(app, {
    name: 'outbox',
    input: ZListOutboxInput,
    iterate: iterateOutbox,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'created_at', value: (r) => r.createdAt },
      { header: 'to', value: (r) => r.to },
      { header: 'kind', value: (r) => r.kind },
      { header: 'subject', value: (r) => r.subject },
      { header: 'language', value: (r) => r.language },
      { header: 'status', value: (r) => r.status },
      { header: 'attempts', value: (r) => r.attempts },
      { header: 'last_error', value: (r) => r.lastError },
      { header: 'sent_at', value: (r) => r.sentAt },
    ],
  });
};
