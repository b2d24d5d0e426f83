// Invoice demo app: invoices with their clients, listed with search, status, issue-date range, sorting
// and paging in SQL; details with payment information; delete. Reading needs `read DemoApp`,
// deleting `manage DemoApp`. Each customer (the platform, for the superadmin) works on its own copy of
// the invoices and clients (made on first use); another one's invoice is NOT_FOUND. An invoice's `id` in
// the API is its number (the sample's, kept by every copy), unique within a copy.
import type { EntityManager } from '@mikro-orm/postgresql';
import { expressionBuilder, type Kysely, sql } from 'kysely';
import type { Action } from '../../../../shared/abilities/index.ts';
import type { ListResult, TByIdInput } from '../../../../shared/schemas/common.ts';
import {
  FIRST_INVOICE_ID,
  INVOICE_CLIENTS_LIMIT,
  invoiceBalance,
  invoiceTotals,
  type TCreateInvoiceInput,
  type TInvoice,
  type TInvoiceClient,
  type TInvoiceClientOption,
  type TInvoiceDetail,
  type TInvoiceDocument,
  type TListInvoicesInput,
  type TRecordPaymentInput,
  type TSendInvoiceInput,
  type TUpdateInvoiceInput,
} from '../../../../shared/schemas/invoice.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { equalsFilter, likeContains, listSource, runList } from '../../../lib/list.ts';
import { staleRecord } from '../../../lib/records.ts';
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
    throw new AppError('BAD_REQUEST', 'The date range ends before it starts', {
      issuedTo: ['Must not be before the start'],
    });
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

/* ------------------------------------------------------------------ editing, payments, sending (issue 14) */

/** One invoice with its lines, totals, payments and payment details; NOT_FOUND when there is none. */
export async function getInvoiceDocument(ctx: ServiceContext, input: TByIdInput): Promise<TInvoiceDocument> {
  const copy = await openInvoices(ctx);
  const invoice = await copy.ctx.em.findOne(
    Invoice,
    { number: input.id, tenant: copy.tenant },
    { populate: ['client'] },
  );
  if (!invoice) throw new AppError('NOT_FOUND', 'No invoice found with this id');
  return toDocument(invoice);
}

function toDocument(invoice: Invoice): TInvoiceDocument {
  const c = invoice.client;
  const paid = paidOf(invoice);
  return {
    id: invoice.number,
    version: invoice.version,
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

function paidOf(invoice: Invoice): number {
  return invoice.payments.reduce((sum, p) => sum + Math.round(p.amount * 100), 0) / 100;
}

/** The client `clientId` of the caller's copy; BAD_REQUEST naming clientId otherwise. */
async function clientOf(em: EntityManager, tenant: number, clientId: number): Promise<InvoiceClient> {
  const client = await em.findOne(InvoiceClient, { id: clientId, tenant });
  if (!client) throw new AppError('BAD_REQUEST', 'No such client', { clientId: ['Choose one of your clients'] });
  return client;
}

/** The lines, dates, note and amounts of `input` on `invoice`: totals computed here, never taken from the caller. */
function applyFields(invoice: Invoice, client: InvoiceClient, input: TCreateInvoiceInput): void {
  const totals = invoiceTotals(input.items, input.discount, input.taxRate);
  if (input.discount > totals.subtotal) {
    throw new AppError('BAD_REQUEST', 'The discount is larger than the subtotal', {
      discount: [`Must be at most ${totals.subtotal}`],
    });
  }
  invoice.client = client;
  invoice.issuedDate = input.issuedDate;
  invoice.dueDate = input.dueDate;
  invoice.items = input.items.map(({ description, quantity, price }) => ({ description, quantity, price }));
  invoice.service = input.items[0].description.slice(0, 160);
  invoice.note = input.note;
  invoice.taxRate = input.taxRate;
  invoice.subtotal = totals.subtotal;
  invoice.discount = totals.discount;
  invoice.tax = totals.tax;
  invoice.total = totals.total;
  settle(invoice);
}

/** Balance, amount due and status from the total and the payments. */
function settle(invoice: Invoice): void {
  const { balance, invoiceStatus } = invoiceBalance(invoice.total, paidOf(invoice), invoice.invoiceStatus);
  invoice.balance = balance;
  invoice.totalDue = Math.max(balance, 0);
  invoice.invoiceStatus = invoiceStatus;
}

/** Create a draft invoice with the next number of the caller's copy; returns it. */
export async function createInvoice(ctx: ServiceContext, input: TCreateInvoiceInput): Promise<TInvoiceDocument> {
  const copy = await openInvoices(ctx, 'manage');
  const em = copy.ctx.em;
  return em.transactional(async (tx) => {
    const client = await clientOf(tx, copy.tenant, input.clientId);
    const k = kyselyOf(tx);
    // The copy's invoices are locked in number order for the next number (a concurrent create waits).
    await sql`select pg_advisory_xact_lock(hashtext('invoices'), ${copy.tenant}::int)`.execute(k);
    const last = await k
      .selectFrom('invoices')
      .select(['number', 'bank_name', 'bank_country', 'iban', 'swift_code'])
      .where('tenant_id', '=', copy.tenant)
      .orderBy('number', 'desc')
      .limit(1)
      .executeTakeFirst();
    const invoice = tx.create(Invoice, {
      tenant: copy.tenant,
      number: (last?.number ?? FIRST_INVOICE_ID - 1) + 1,
      client,
      issuedDate: input.issuedDate,
      dueDate: input.dueDate,
      service: '',
      total: 0,
      avatar: '',
      invoiceStatus: 'Draft',
      balance: 0,
      totalDue: 0,
      // The issuer's bank: the one on the copy's latest invoice.
      bankName: last?.bank_name ?? '',
      bankCountry: last?.bank_country ?? '',
      iban: last?.iban ?? '',
      swiftCode: last?.swift_code ?? '',
      items: [],
      subtotal: 0,
      discount: 0,
      taxRate: 0,
      tax: 0,
      note: '',
      payments: [],
    });
    applyFields(invoice, client, input);
    await tx.flush();
    return toDocument(invoice);
  });
}

/** The invoice `id` of the caller's copy for a change made from `version` (if given); CONFLICT when it changed since. */
async function loadForChange(copy: TenantCopy, id: number, version: number | undefined): Promise<Invoice> {
  const invoice = await copy.ctx.em.findOne(Invoice, { number: id, tenant: copy.tenant }, { populate: ['client'] });
  if (!invoice) throw new AppError('NOT_FOUND', 'No invoice found with this id');
  if (version !== undefined && invoice.version !== version) throw staleRecord('Invoice');
  return invoice;
}

/** Replace an invoice's client, dates, lines, discount, tax and note; totals and balance follow. */
export async function updateInvoice(ctx: ServiceContext, input: TUpdateInvoiceInput): Promise<TInvoiceDocument> {
  const copy = await openInvoices(ctx, 'manage');
  const invoice = await loadForChange(copy, input.id, input.version);
  const client =
    invoice.client.id === input.clientId ? invoice.client : await clientOf(copy.ctx.em, copy.tenant, input.clientId);
  applyFields(invoice, client, input);
  await copy.ctx.em.flush();
  return toDocument(invoice);
}

/** Record a payment: the balance goes down by it, the status becomes Partial Payment or Paid. */
export async function recordInvoicePayment(ctx: ServiceContext, input: TRecordPaymentInput): Promise<TInvoiceDocument> {
  const copy = await openInvoices(ctx, 'manage');
  const invoice = await loadForChange(copy, input.id, input.version);
  if (input.amount > invoice.balance) {
    throw new AppError('BAD_REQUEST', 'The payment is more than the balance', {
      amount: [`Must be at most ${Math.max(invoice.balance, 0)}`],
    });
  }
  invoice.payments = [...invoice.payments, { paidOn: input.paidOn, amount: input.amount, method: input.method }];
  settle(invoice);
  await copy.ctx.em.flush();
  return toDocument(invoice);
}

/** E-mail the invoice through the outbox (like password links); a draft becomes Sent. */
export async function sendInvoice(ctx: ServiceContext, input: TSendInvoiceInput): Promise<TInvoiceDocument> {
  const copy = await openInvoices(ctx, 'manage');
  if (!copy.ctx.outbox)
    throw new Error('the app outbox is missing from the service context (the session plugin puts it there)');
  const invoice = await copy.ctx.em.findOne(
    Invoice,
    { number: input.id, tenant: copy.tenant },
    { populate: ['client'] },
  );
  if (!invoice) throw new AppError('NOT_FOUND', 'No invoice found with this id');
  const doc = toDocument(invoice);
  const lines = doc.items.map((item) => `- ${item.description}: ${item.quantity} x ${item.price.toFixed(2)}`);
  const link = `${copy.ctx.publicUrl ?? ''}/apps/invoice/preview/${doc.id}`;
  await copy.ctx.outbox.queueEmail(copy.ctx.em, {
    to: input.to,
    subject: `Invoice #${doc.id}`,
    body: [
      ...(input.message ? [input.message, ''] : []),
      `Invoice #${doc.id} for ${doc.client.company}, issued ${doc.issuedDate}, due ${doc.dueDate}.`,
      ...lines,
      `Total: ${doc.total.toFixed(2)}. Balance due: ${Math.max(doc.balance, 0).toFixed(2)}.`,
      link,
    ].join('\n'),
    kind: 'invoice',
  });
  if (invoice.invoiceStatus === 'Draft' || invoice.invoiceStatus === 'Downloaded') invoice.invoiceStatus = 'Sent';
  invoice.sentAt = new Date();
  await copy.ctx.em.flush();
  return toDocument(invoice);
}

/** Clients of the caller's copy matching q (name, company or e-mail), by name; or the one `id`. */
export async function searchInvoiceClients(
  ctx: ServiceContext,
  input: { q?: string; id?: number },
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
