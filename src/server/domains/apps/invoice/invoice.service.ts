// Invoice demo app: invoices with their clients, listed with search, status, issue-date range, sorting
// and paging in SQL; details with payment information; delete. Reading needs `read DemoApp`,
// deleting `manage DemoApp`.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListResult, TByIdInput } from '../../../../shared/schemas/common.ts';
import {
  INVOICE_CLIENTS_LIMIT,
  type TInvoice,
  type TInvoiceClient,
  type TInvoiceDetail,
  type TInvoiceSortKey,
  type TListInvoicesInput,
} from '../../../../shared/schemas/invoice.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { equalsFilter, execSql, listQueryOf, runList, selectColumns, sql, tableOf, type ListSource } from '../../../lib/sql-list.ts';
import { Invoice, InvoiceClient } from './invoice.entity.ts';

interface InvoiceRow extends Omit<TInvoice, 'client'> {
  clientName: string;
  clientCompany: string;
  clientCompanyEmail: string;
  clientAddress: string;
  clientCountry: string;
  clientContact: string;
}

function invoiceTables(em: EntityManager) {
  const i = tableOf(em, Invoice, 'i');
  const c = tableOf(em, InvoiceClient, 'c');
  return { i, c, from: sql`${i.from} join ${c.from} on ${c.col('id')} = ${i.col('client')}` };
}

function invoiceSelect(em: EntityManager) {
  const { i, c } = invoiceTables(em);
  return {
    id: i.col('id'),
    issuedDate: sql`${i.col('issuedDate')}::text`,
    dueDate: sql`${i.col('dueDate')}::text`,
    service: i.col('service'),
    total: sql`${i.col('total')}::float8`,
    avatar: i.col('avatar'),
    invoiceStatus: i.col('invoiceStatus'),
    balance: sql`${i.col('balance')}::float8`,
    clientName: c.col('name'),
    clientCompany: c.col('company'),
    clientCompanyEmail: c.col('companyEmail'),
    clientAddress: c.col('address'),
    clientCountry: c.col('country'),
    clientContact: c.col('contact'),
  };
}

export function invoiceSource(em: EntityManager): ListSource<TInvoiceSortKey> {
  const { i, c, from } = invoiceTables(em);
  return {
    from,
    id: i.col('id'),
    select: invoiceSelect(em),
    search: [c.col('name'), c.col('companyEmail'), sql`${i.col('id')}::text`],
    sorts: {
      client: sql`lower(${c.col('name')}) collate "C"`,
      total: i.col('total'),
      id: i.col('id'),
      date: i.col('issuedDate'),
      balance: i.col('balance'),
    },
    // The spec's list is reversed before paging: newest invoice first.
    defaultDirection: 'desc',
  };
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
  authorize(ctx, 'read', 'DemoApp');
  if (input.issuedFrom && input.issuedTo && input.issuedFrom > input.issuedTo) {
    throw new AppError('BAD_REQUEST', 'The date range ends before it starts', { issuedTo: ['Must not be before the start'] });
  }
  const { i } = invoiceTables(ctx.em);
  const { rows, total } = await runList<InvoiceRow, TInvoiceSortKey>(ctx.em, invoiceSource(ctx.em), {
    ...listQueryOf(input),
    where: [
      equalsFilter(i.col('invoiceStatus'), input.status),
      input.issuedFrom !== undefined && sql`${i.col('issuedDate')} >= ${input.issuedFrom}::date`,
      input.issuedTo !== undefined && sql`${i.col('issuedDate')} <= ${input.issuedTo}::date`,
    ],
  });
  return { items: rows.map(toInvoice), total };
}

/** One invoice with its payment details; NOT_FOUND 'No invoice found with this id'. */
export async function getInvoice(ctx: ServiceContext, input: TByIdInput): Promise<TInvoiceDetail> {
  authorize(ctx, 'read', 'DemoApp');
  const { i, from } = invoiceTables(ctx.em);
  const [row] = await execSql<InvoiceRow & { totalDue: number; bankName: string; bankCountry: string; iban: string; swiftCode: string }>(
    ctx.em,
    sql`select ${selectColumns({
      ...invoiceSelect(ctx.em),
      totalDue: sql`${i.col('totalDue')}::float8`,
      bankName: i.col('bankName'),
      bankCountry: i.col('bankCountry'),
      iban: i.col('iban'),
      swiftCode: i.col('swiftCode'),
    })} from ${from} where ${i.col('id')} = ${input.id}`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'No invoice found with this id');
  const { totalDue, bankName, bankCountry, iban, swiftCode, ...invoice } = row;
  return { invoice: toInvoice(invoice), paymentDetails: { totalDue, bankName, country: bankCountry, iban, swiftCode } };
}

/** Delete one invoice; NOT_FOUND when there is none with that id. */
export async function deleteInvoice(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  authorize(ctx, 'manage', 'DemoApp');
  const removed = await ctx.em.nativeDelete(Invoice, { id: input.id });
  if (removed === 0) throw new AppError('NOT_FOUND', 'No invoice found with this id');
}

/** The first clients (by id), for the "add invoice" form. */
export async function listInvoiceClients(ctx: ServiceContext): Promise<TInvoiceClient[]> {
  authorize(ctx, 'read', 'DemoApp');
  const c = tableOf(ctx.em, InvoiceClient, 'c');
  return execSql<TInvoiceClient>(
    ctx.em,
    sql`select ${selectColumns({
      name: c.col('name'),
      company: c.col('company'),
      companyEmail: c.col('companyEmail'),
      address: c.col('address'),
      country: c.col('country'),
      contact: c.col('contact'),
    })} from ${c.from} order by ${c.col('id')} limit ${INVOICE_CLIENTS_LIMIT}`,
  );
}
