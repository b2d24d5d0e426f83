// Reads of the invoice demo app: the caller's copy of the invoices and their clients (each customer,
// and the platform, has its own, made on first use), listed with search, status, issue-date range,
// sorting and paging in SQL (and its CSV rows); one invoice with its payment details or as the editor's
// document; the clients for the forms. Any caller who may read DemoApp. An invoice's `id` in the API
// is its number (the sample's, kept by every copy), unique within a copy.
import type { EntityManager } from '@mikro-orm/postgresql';
import { expressionBuilder, type Kysely, sql } from 'kysely';
import type { Action } from '../../../../shared/abilities/index.ts';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import {
  INVOICE_CLIENTS_LIMIT,
  INVOICE_CURRENCY,
  type TInvoice,
  type TInvoiceClient,
  type TInvoiceClientOption,
  type TInvoiceClientSearch,
  type TInvoiceDetail,
  type TInvoiceDocument,
  type TInvoiceIssuer,
  type TListInvoicesInput,
} from '../../../../shared/schemas/invoice.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { defineListing, equalsFilter, likeContains, listSource, scopedListingReads } from '../../../lib/list/index.ts';
import { customerPostalAddress } from '../../organization/customers/customers.refs.ts';
import { copiedColumns, copySampleRows, openTenantCopy, type TenantCopy } from '../provision/demo-provision.service.ts';
import { Invoice, InvoiceClient } from './invoice.entity.ts';

/** Copies the sample clients and invoices (pointing at the copied clients) to demo tenant `tenant`. */
export async function copySampleInvoices(em: EntityManager, tenant: number): Promise<void> {
  const clients = await copySampleRows(em, 'invoice_clients', tenant, copiedColumns(em, InvoiceClient));
  await copySampleRows(em, 'invoices', tenant, copiedColumns(em, Invoice), { column: 'client_id', ids: clients });
}

/**
 * Authorizes `action` on DemoApp (FORBIDDEN otherwise: reading needs `read`, writing `manage`); the
 * caller's copy of the invoices (made on first use).
 */
export function openInvoices(ctx: ServiceContext, action: Action = 'read'): Promise<TenantCopy> {
  return openTenantCopy(ctx, action, 'invoice', copySampleInvoices);
}

/** Invoices joined to their clients, and the columns every read of an invoice selects. */
function invoicesWithClients(db: Kysely<DB>, tenant: number) {
  const from = db
    .selectFrom('invoices as i')
    .innerJoin('invoice_clients as c', 'c.id', 'i.client_id')
    .where('i.tenant_id', '=', tenant);
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
    // The demo API lists its invoices reversed: newest first (a copy keeps the samples' order, so its
    // row ids follow the numbers).
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

/** The invoices of demo tenant `tenant`'s copy, each with its client. */
export const invoiceListing = (tenant: number) =>
  defineListing({ source: (db) => invoiceSource(db, tenant), map: (r): TInvoice => toInvoice(r) });

/**
 * Invoices matching q (client name, company email or number), status and issue dates; sorted and paged
 * (or every match, for the CSV). A date range that ends before it starts is BAD_REQUEST.
 */
export const { list: listInvoices, iterate: iterateInvoices } = scopedListingReads(
  invoiceListing,
  async (ctx, input: TListInvoicesInput) => {
    const copy = await openInvoices(ctx);
    const { issuedFrom, issuedTo } = input;
    if (issuedFrom && issuedTo && issuedFrom > issuedTo) {
      throw new AppError('BAD_REQUEST', 'invoice.rangeReversed', {}, { issuedTo: 'invoice.endBeforeStart' });
    }
    return {
      em: copy.ctx.em,
      scope: copy.tenant,
      where: [
        equalsFilter('i.invoice_status', input.status),
        issuedFrom !== undefined && ((eb) => eb('i.issued_date', '>=', issuedFrom)),
        issuedTo !== undefined && ((eb) => eb('i.issued_date', '<=', issuedTo)),
      ],
    };
  },
);

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
  if (!row) throw new AppError('NOT_FOUND', 'invoice.notFound');
  const { totalDue, bankName, bankCountry, iban, swiftCode, ...invoice } = row;
  return { invoice: toInvoice(invoice), paymentDetails: { totalDue, bankName, country: bankCountry, iban, swiftCode } };
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

/** One invoice with its lines, totals, payments and payment details; NOT_FOUND when there is none. */
export async function getInvoiceDocument(ctx: ServiceContext, input: TByIdInput): Promise<TInvoiceDocument> {
  const copy = await openInvoices(ctx);
  const invoice = await copy.ctx.em.findOne(
    Invoice,
    { number: input.id, tenant: copy.tenant },
    { populate: ['client'] },
  );
  if (!invoice) throw new AppError('NOT_FOUND', 'invoice.notFound');
  return toDocument(invoice, await invoiceIssuer(copy));
}

/** The platform's name on the superadmin's invoices (it has no postal address of its own here). */
const PLATFORM_ISSUER: TInvoiceIssuer = { name: 'Opsdesk', address: '', city: '', country: '' };

/** Who issues the copy's invoices: the caller's customer, with its postal address. */
export async function invoiceIssuer(copy: TenantCopy): Promise<TInvoiceIssuer> {
  const customerId = copy.ctx.user.customerId;
  if (customerId === null) return PLATFORM_ISSUER;
  return (await customerPostalAddress(copy.ctx.em, customerId)) ?? PLATFORM_ISSUER;
}

export function toDocument(invoice: Invoice, issuer: TInvoiceIssuer): TInvoiceDocument {
  const c = invoice.client;
  const paid = paidOf(invoice);
  return {
    id: invoice.number,
    version: invoice.version,
    issuer,
    currency: INVOICE_CURRENCY,
    clientId: c.id,
    client: {
      name: c.name,
      company: c.company,
      companyEmail: c.companyEmail,
      address: c.address,
      country: c.country,
      contact: c.contact,
    },
    issuedDate: isoDate(invoice.issuedDate),
    dueDate: isoDate(invoice.dueDate),
    invoiceStatus: invoice.invoiceStatus,
    items: invoice.items,
    note: invoice.note,
    taxRate: invoice.taxRate,
    discount: invoice.discount,
    subtotal: invoice.subtotal,
    tax: invoice.tax,
    total: invoice.total,
    paid,
    balance: invoice.balance,
    payments: invoice.payments,
    sentAt: invoice.sentAt ?? null,
    paymentDetails: {
      totalDue: invoice.totalDue,
      bankName: invoice.bankName,
      country: invoice.bankCountry,
      iban: invoice.iban,
      swiftCode: invoice.swiftCode,
    },
  };
}

/** A date column as YYYY-MM-DD (MikroORM gives `date` columns back as strings or Dates depending on the path). */
function isoDate(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

/** What has been paid on the invoice (summed in cents, so no rounding drift). */
export function paidOf(invoice: Invoice): number {
  return invoice.payments.reduce((sum, p) => sum + Math.round(p.amount * 100), 0) / 100;
}

/** Clients of the caller's copy matching q (name, company or e-mail), by name; or the one `id`. */
export async function searchInvoiceClients(
  ctx: ServiceContext,
  input: TInvoiceClientSearch,
): Promise<TInvoiceClientOption[]> {
  const copy = await openInvoices(ctx);
  let query = kyselyOf(copy.ctx.em)
    .selectFrom('invoice_clients as c')
    .where('c.tenant_id', '=', copy.tenant)
    .select(['c.id', 'c.name', 'c.company', 'c.company_email as companyEmail']);
  if (input.id !== undefined) query = query.where('c.id', '=', input.id);
  if (input.q) {
    const pattern = likeContains(input.q);
    query = query.where((eb) =>
      eb.or([
        eb('c.name', 'ilike', pattern),
        eb('c.company', 'ilike', pattern),
        eb('c.company_email', 'ilike', pattern),
      ]),
    );
  }
  return query.orderBy('c.name').orderBy('c.id').limit(20).execute();
}
