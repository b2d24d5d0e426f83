// REST: /api/apps/invoice, /api/apps/invoice/clients, /api/apps/invoice/{id}, and the list page's CSV export.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  type TInvoice,
  ZInvoice,
  ZInvoiceClients,
  ZInvoiceDetail,
  ZListInvoicesInput,
} from '../../../../shared/schemas/invoice.ts';
import { AppError } from '../../../lib/app-error.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { LegacyAnswer, restInput } from '../../../rest/input.ts';
import { getInvoice, iterateInvoices, listInvoiceClients, listInvoices } from './invoice.listing.ts';
import { deleteInvoice } from './invoice.service.ts';

const ZInvoicesReply = z.object({ invoices: z.array(ZInvoice), totalInvoices: z.number().int() });
const NO_INVOICE = { message: 'No invoice found with this id' };
/** What the demo API answers for deleting an invoice that does not exist. */
const deleteNotFound = () => new LegacyAnswer(404, { error: 'Something went wrong' });

function badRange(field: string): AppError {
  return new AppError(
    'BAD_REQUEST',
    'invoice.rangeDate',
    { field },
    { [`selectedDateRange.${field}`]: 'invoice.expectedDate' },
  );
}

/** A date (YYYY-MM-DD, or the date part of an ISO date-time); undefined when empty. */
function rangeDate(value: unknown, field: string): string | undefined {
  const text: unknown = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text === null || text === '') return undefined;
  if (typeof text !== 'string') throw badRange(field);
  const date = text.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || (text.length > 10 && text[10] !== 'T')) throw badRange(field);
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) throw badRange(field);
  return date;
}

/**
 * The issue-date range: `selectedDateRange` as JSON (`{"start":…,"end":…}`, how query objects are
 * usually serialised) or as `selectedDateRange[start]` / `selectedDateRange[end]`.
 */
function dateRange(query: Record<string, unknown>): { issuedFrom?: string; issuedTo?: string } {
  let start: unknown = query['selectedDateRange[start]'];
  let end: unknown = query['selectedDateRange[end]'];
  const raw: unknown = Array.isArray(query.selectedDateRange) ? query.selectedDateRange[0] : query.selectedDateRange;
  if (typeof raw === 'string' && raw !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.slice(0, 500));
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new AppError('BAD_REQUEST', 'invoice.rangeNotObject', {}, { selectedDateRange: 'invoice.rangeShape' });
    }
    ({ start, end } = parsed as { start?: unknown; end?: unknown });
  }
  return { issuedFrom: rangeDate(start, 'start'), issuedTo: rangeDate(end, 'end') };
}

const ZInvoiceQuery = restInput(ZListInvoicesInput, {
  read: (query) => ({ ...query, ...dateRange(query) }),
  wire: ZListInvoicesInput.extend({
    selectedDateRange: z
      .string()
      .optional()
      .describe('The issue-date range as JSON {"start","end"}, or as selectedDateRange[start] and [end]'),
  }),
});

export const invoiceRest: FastifyPluginAsyncZod = async (app) => {
  // GET /api/export/invoices.csv?<the list page's filters>.
  registerCsvExport<typeof ZListInvoicesInput, TInvoice>(app, {
    name: 'invoices',
    input: ZListInvoicesInput,
    iterate: iterateInvoices,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'client', value: (r) => r.client.name },
      { header: 'company', value: (r) => r.client.company },
      { header: 'email', value: (r) => r.client.companyEmail },
      { header: 'service', value: (r) => r.service },
      { header: 'issued_date', value: (r) => r.issuedDate },
      { header: 'due_date', value: (r) => r.dueDate },
      { header: 'status', value: (r) => r.invoiceStatus },
      { header: 'total', value: (r) => r.total },
      { header: 'balance', value: (r) => r.balance },
    ],
  });

  app.get(
    '/apps/invoice',
    { schema: { querystring: ZInvoiceQuery, response: { 200: ZInvoicesReply } } },
    async (request) => {
      const { items, total } = await listInvoices(request, request.query);
      return { invoices: items, totalInvoices: total };
    },
  );

  app.get('/apps/invoice/clients', { schema: { response: { 200: ZInvoiceClients } } }, (request) =>
    listInvoiceClients(request),
  );

  const byId = {
    params: restInput(ZByIdInput, { invalid: () => new LegacyAnswer(404, NO_INVOICE) }),
    response: { 200: ZInvoiceDetail },
  };
  app.get('/apps/invoice/:id', { schema: byId }, async (request) => getInvoice(request, request.params));

  app.delete(
    '/apps/invoice/:id',
    { schema: { params: restInput(ZByIdInput, { invalid: deleteNotFound }) } },
    async (request, reply) => {
      try {
        await deleteInvoice(request, request.params);
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') throw deleteNotFound();
        throw error;
      }
      return reply.code(204).send();
    },
  );
};
