// Invoice demo app: invoices with their clients, listed with search, status, issue-date range, sorting
// and paging in SQL; details with payment information; delete. Reading needs `read DemoApp`,
// deleting `manage DemoApp`. Each customer (the platform, for the superadmin) works on its own copy of
// the invoices and clients (made on first use); another one's invoice is NOT_FOUND. An invoice's `id` in
// the API is its number (the sample's, kept by every copy), unique within a copy.
import type { EntityManager } from '@mikro-orm/postgresql';
import { expressionBuilder, sql, type Kysely } from 'kysely';
import type { ListResult, TByIdInput } from '../../../../shared/schemas/common.ts';
import {
  INVOICE_CLIENTS_LIMIT,
  type TInvoice,
  type TInvoiceClient,
  type TInvoiceDetail,
  type TListInvoicesInput,
} from '../../../../shared/schemas/invoice.ts';
import { db as kyselyOf, type DB } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Action } from '../../../../shared/abilities/index.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { equalsFilter, listSource, runList } from '../../../lib/list.ts';
import { copiedColumns, copySampleRows, openTenantCopy, type TenantCopy } from '../provision/demo-provision.service.ts';
import { Invoice, InvoiceClient } from './invoice.entity.ts';

/** Copies the sample clients and invoices (pointing at the copied clients) to demo tenant `tenant`. */
export async function copySampleInvoices(em: EntityManager, tenant: number): Promise<void> {
  const clients = await copySampleRows(em, 'invoice_clients', tenant, copiedColumns(em, InvoiceClient));
  await copySampleRows(em, 'invoices', tenant, copiedColumns(em, Invoice), { column: 'client_id', ids: clients });
}

/** Authorizes `action` on DemoApp; the caller's copy of the invoices (made on first use). */
function openInvoices(ctx: ServiceContext, action: Action = 'read'): Promise<TenantCopy> {
  return openTenantCopy(ctx, action, 'invoice', copySampleInvoices);
}

/** Invoices joined to their clients, and the columns every read of an invoice selects. */
function invoicesWithClients(db: Kysely<DB>, tenant: number) {
  const from = db.selectFrom('invoices as i').innerJoin('invoice_clients as c', 'c.id', 'i.client_id').where('i.tenant_id', '=', tenant);
  const eb = expressionBuilder(from);
  const columns = [
    'i.number as id',
    eb.cast<string>('i.issued_date', 'text').as('issuedDate'),
    eb.cast<string>('i.due_date', 'text').as('dueDate'),
    'i.service',
    eb.cast<number>('i.total', 'float8').as('total'),
    'i.avatar',
    'i.invoice_status as invoiceStatus',
    eb.cast<number>('i.balance', 'float8').as('balance'),
    'c.name as clientName',
    'c.company as clientCompany',
    'c.company_email as clientCompanyEmail',
    'c.address as clientAddress',
    'c.country as clientCountry',
    'c.contact as clientContact',
  ] as const;
  return { from, eb, columns };
}

export function invoiceSource(db: Kysely<DB>, tenant: number) {
  const { from, eb, columns } = invoicesWithClients(db, tenant);
  return listSource(from, {
    id: 'i.id',
    select: (qb) => qb.select(columns),
    search: ['c.name', 'c.company_email', eb.cast<string>('i.number', 'text')],
    sorts: {
      client: sql<string>`lower(${eb.ref('c.name')}) collate "C"`,
      total: 'i.total',
      id: 'i.number',
      date: 'i.issued_date',
      balance: 'i.balance',
    },
    // The spec's list is reversed before paging: newest invoice first (a copy keeps the samples' order,
    // so its row ids follow the numbers).
    defaultDirection: 'desc',
  });
}

interface InvoiceRow extends Omit<TInvoice, 'client'> {
  clientName: string;
  clientCompany: string;
  clientCompanyEmail: string;
  clientAddress: string;
  clientCountry: string;
  clientContact: string;
}

function toInvoice(row: InvoiceRow): TInvoice {
  const { clientName, clientCompany, clientCompanyEmail, clientAddress, clientCountry, clientContact, ...rest } = row;
  return {
    ...rest,
    client: {
      name: clientName,
      company: clientCompany,
      companyEmail: clientCompanyEmail,
      address: clientAddress,
      country: clientCountry,
      contact: clientContact,
    },
  };
}

/** Invoices matching q (client name, company email or number), status and issue dates; sorted and paged. */
export async function listInvoices(ctx: ServiceContext, input: TListInvoicesInput): Promise<ListResult<TInvoice>> {
  const copy = await openInvoices(ctx);
  if (input.issuedFrom && input.issuedTo && input.issuedFrom > input.issuedTo) {
    throw new AppError('BAD_REQUEST', 'The date range ends before it starts', { issuedTo: ['Must not be before the start'] });
  }
  const { issuedFrom, issuedTo } = input;
  const { rows, total } = await runList(invoiceSource(kyselyOf(copy.ctx.em), copy.tenant), {
    ...input,
    where: [
      equalsFilter('i.invoice_status', input.status),
      issuedFrom !== undefined && ((eb) => eb('i.issued_date', '>=', issuedFrom)),
      issuedTo !== undefined && ((eb) => eb('i.issued_date', '<=', issuedTo)),
    ],
  });
  return { items: rows.map(toInvoice), total };
}

/** One invoice with its payment details; NOT_FOUND 'No invoice found with this id'. */
export async function getInvoice(ctx: ServiceContext, input: TByIdInput): Promise<TInvoiceDetail> {
  const copy = await openInvoices(ctx);
  const { from, eb, columns } = invoicesWithClients(kyselyOf(copy.ctx.em), copy.tenant);
  const row = await from
    .select([
      ...columns,
      eb.cast<number>('i.total_due', 'float8').as('totalDue'),
      'i.bank_name as bankName',
      'i.bank_country as bankCountry',
      'i.iban',
      'i.swift_code as swiftCode',
    ])
    .where('i.number', '=', input.id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No invoice found with this id');
  const { totalDue, bankName, bankCountry, iban, swiftCode, ...invoice } = row;
  return { invoice: toInvoice(invoice), paymentDetails: { totalDue, bankName, country: bankCountry, iban, swiftCode } };
}

/** Delete one invoice; NOT_FOUND when there is none with that id. */
export async function deleteInvoice(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  const copy = await openInvoices(ctx, 'manage');
  const removed = await copy.ctx.em.nativeDelete(Invoice, { number: input.id, tenant: copy.tenant });
  if (removed === 0) throw new AppError('NOT_FOUND', 'No invoice found with this id');
}

/** The first clients (by id), for the "add invoice" form. */
export async function listInvoiceClients(ctx: ServiceContext): Promise<TInvoiceClient[]> {
  const copy = await openInvoices(ctx);
  return kyselyOf(copy.ctx.em)
    .selectFrom('invoice_clients as c')
    .where('c.tenant_id', '=', copy.tenant)
    .select(['c.name', 'c.company', 'c.company_email as companyEmail', 'c.address', 'c.country', 'c.contact'])
    .orderBy('c.id')
    .limit(INVOICE_CLIENTS_LIMIT)
    .execute();
}
