// REST (spec sections 7 and 8): /api/apps/invoice, /api/apps/invoice/clients, /api/apps/invoice/{id}.
import type { FastifyPluginAsync } from 'fastify';
import { INVOICE_SORT_KEYS, INVOICE_STATUSES } from '../../../../shared/schemas/invoice.ts';
import { AppError } from '../../../lib/app-error.ts';
import { queryEnum, queryString } from '../../../rest/legacy.ts';
import { legacyListQuery, pathId } from '../../../rest/params.ts';
import { deleteInvoice, getInvoice, listInvoiceClients, listInvoices } from './invoice.service.ts';

type Query = Record<string, unknown>;
type Params = { id: string };

const NO_INVOICE = 'No invoice found with this id';

function badRange(field: string): AppError {
  return new AppError('BAD_REQUEST', `selectedDateRange.${field} must be a date (YYYY-MM-DD)`, {
    [`selectedDateRange.${field}`]: ['Expected a date as YYYY-MM-DD'],
  });
}

/** A date (YYYY-MM-DD, or the date part of an ISO date-time); undefined when empty. */
function rangeDate(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw badRange(field);
  const date = value.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || (value.length > 10 && value[10] !== 'T')) throw badRange(field);
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) throw badRange(field);
  return date;
}

/**
 * The issue-date range: `selectedDateRange` as JSON (`{"start":…,"end":…}`, how query objects are
 * usually serialised) or as `selectedDateRange[start]` / `selectedDateRange[end]`.
 */
function dateRange(query: Query): { issuedFrom?: string; issuedTo?: string } {
  let start: unknown = query['selectedDateRange[start]'];
  let end: unknown = query['selectedDateRange[end]'];
  const json = queryString(query.selectedDateRange, 500);
  if (json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new AppError('BAD_REQUEST', 'selectedDateRange must be a JSON object with start and end dates', {
        selectedDateRange: ['Expected {"start":"YYYY-MM-DD","end":"YYYY-MM-DD"}'],
      });
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new AppError('BAD_REQUEST', 'selectedDateRange must be a JSON object with start and end dates', {
        selectedDateRange: ['Expected {"start":"YYYY-MM-DD","end":"YYYY-MM-DD"}'],
      });
    }
    ({ start, end } = parsed as { start?: unknown; end?: unknown });
  }
  return {
    issuedFrom: rangeDate(Array.isArray(start) ? start[0] : start, 'start'),
    issuedTo: rangeDate(Array.isArray(end) ? end[0] : end, 'end'),
  };
}

export const invoiceRest: FastifyPluginAsync = async (app) => {
  app.get('/apps/invoice', async (request) => {
    const query = request.query as Query;
    const { items, total } = await listInvoices(request, {
      ...legacyListQuery(query, INVOICE_SORT_KEYS),
      status: queryEnum(query.status, INVOICE_STATUSES, 'status'),
      ...dateRange(query),
    });
    return { invoices: items, totalInvoices: total };
  });

  app.get('/apps/invoice/clients', (request) => listInvoiceClients(request));

  app.get<{ Params: Params }>('/apps/invoice/:id', async (request, reply) => {
    const id = pathId(request.params.id);
    if (id === undefined) return reply.code(404).send({ message: NO_INVOICE });
    return getInvoice(request, { id });
  });

  app.delete<{ Params: Params }>('/apps/invoice/:id', async (request, reply) => {
    const id = pathId(request.params.id);
    try {
      if (id === undefined) throw new AppError('NOT_FOUND', NO_INVOICE);
      await deleteInvoice(request, { id });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return reply.code(404).send({ error: 'Something went wrong' });
      throw error;
    }
    return reply.code(204).send();
  });
};
