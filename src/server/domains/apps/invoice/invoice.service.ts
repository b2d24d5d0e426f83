// Writes of the invoice demo app on the caller's copy: create, edit, record a payment, e-mail and
// delete an invoice. Callers who may manage DemoApp (FORBIDDEN otherwise); an invoice of another copy
// is NOT_FOUND. Lines and totals are computed here, never taken from the caller.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import {
  FIRST_INVOICE_ID,
  invoiceBalance,
  invoiceTotals,
  type TCreateInvoiceInput,
  type TInvoiceDocument,
  type TRecordPaymentInput,
  type TSendInvoiceInput,
  type TUpdateInvoiceInput,
} from '../../../../shared/schemas/invoice.ts';
import { db as kyselyOf } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { assertCurrent } from '../../../lib/records.ts';
import { sendTemplatedMail } from '../../platform/mail/mail.refs.ts';
import type { TenantCopy } from '../provision/demo-provision.service.ts';
import { Invoice, InvoiceClient } from './invoice.entity.ts';
import { invoiceIssuer, openInvoices, paidOf, toDocument } from './invoice.listing.ts';
import { invoiceLanguage, renderInvoicePdf } from './invoice.pdf.ts';

const invoiceNotFound = () => new AppError('NOT_FOUND', 'invoice.notFound');

/** Delete one invoice; needs manage on DemoApp (FORBIDDEN otherwise); NOT_FOUND when the copy has none with that id. */
export async function deleteInvoice(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  const copy = await openInvoices(ctx, 'manage');
  const removed = await copy.ctx.em.nativeDelete(Invoice, { number: input.id, tenant: copy.tenant });
  if (removed === 0) throw invoiceNotFound();
}

/** The client `clientId` of the caller's copy; BAD_REQUEST naming clientId otherwise. */
async function clientOf(em: EntityManager, tenant: number, clientId: number): Promise<InvoiceClient> {
  const client = await em.findOne(InvoiceClient, { id: clientId, tenant });
  if (!client) throw new AppError('BAD_REQUEST', 'invoice.noSuchClient', {}, { clientId: 'invoice.chooseClient' });
  return client;
}

/** The lines, dates, note and amounts of `input` on `invoice`: totals computed here, never taken from the caller. */
function applyFields(invoice: Invoice, client: InvoiceClient, input: TCreateInvoiceInput): void {
  const totals = invoiceTotals(input.items, input.discount, input.taxRate);
  if (input.discount > totals.subtotal) {
    const max = totals.subtotal;
    throw new AppError('BAD_REQUEST', 'invoice.discountOverSubtotal', { max }, { discount: 'invoice.atMost' });
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

/**
 * Create a draft invoice with the next number of the caller's copy; returns it. Needs manage on DemoApp
 * (FORBIDDEN otherwise); a client of another copy or a discount over the subtotal is BAD_REQUEST.
 */
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
    return toDocument(invoice, await invoiceIssuer(copy));
  });
}

/** Invoice `id` of the caller's copy with its client; CONFLICT when `version` is given and it changed since. */
async function invoiceForChange(copy: TenantCopy, id: number, version: number | undefined): Promise<Invoice> {
  const invoice = await copy.ctx.em.findOne(Invoice, { number: id, tenant: copy.tenant }, { populate: ['client'] });
  if (!invoice) throw invoiceNotFound();
  assertCurrent(invoice, version, 'Invoice');
  return invoice;
}

/**
 * Replace an invoice's client, dates, lines, discount, tax and note; totals and balance follow. Needs
 * manage on DemoApp (FORBIDDEN otherwise); NOT_FOUND, BAD_REQUEST as for create, CONFLICT when `version` is stale.
 */
export async function updateInvoice(ctx: ServiceContext, input: TUpdateInvoiceInput): Promise<TInvoiceDocument> {
  const copy = await openInvoices(ctx, 'manage');
  const invoice = await invoiceForChange(copy, input.id, input.version);
  const client =
    invoice.client.id === input.clientId ? invoice.client : await clientOf(copy.ctx.em, copy.tenant, input.clientId);
  applyFields(invoice, client, input);
  await copy.ctx.em.flush();
  return toDocument(invoice, await invoiceIssuer(copy));
}

/**
 * Record a payment: the balance goes down by it, the status becomes Partial Payment or Paid. Needs manage
 * on DemoApp (FORBIDDEN otherwise); NOT_FOUND, CONFLICT when `version` is stale, BAD_REQUEST over the balance.
 */
export async function recordInvoicePayment(ctx: ServiceContext, input: TRecordPaymentInput): Promise<TInvoiceDocument> {
  const copy = await openInvoices(ctx, 'manage');
  const invoice = await invoiceForChange(copy, input.id, input.version);
  if (input.amount > invoice.balance) {
    const max = Math.max(invoice.balance, 0);
    throw new AppError('BAD_REQUEST', 'invoice.paymentOverBalance', { max }, { amount: 'invoice.atMost' });
  }
  invoice.payments = [...invoice.payments, { paidOn: input.paidOn, amount: input.amount, method: input.method }];
  settle(invoice);
  await copy.ctx.em.flush();
  return toDocument(invoice, await invoiceIssuer(copy));
}

/**
 * E-mail the invoice through the outbox (like password links); a draft becomes Sent. Needs manage on
 * DemoApp (FORBIDDEN otherwise); NOT_FOUND outside the caller's copy.
 */
export async function sendInvoice(ctx: ServiceContext, input: TSendInvoiceInput): Promise<TInvoiceDocument> {
  const copy = await openInvoices(ctx, 'manage');
  const invoice = await copy.ctx.em.findOne(
    Invoice,
    { number: input.id, tenant: copy.tenant },
    { populate: ['client'] },
  );
  if (!invoice) throw invoiceNotFound();
  const issuer = await invoiceIssuer(copy);
  const doc = toDocument(invoice, issuer);
  // In the sender's language (the recipient has no account here); the PDF is drawn now, from the copy the
  // caller may manage, so only the sender's own customer's invoice can ever be attached.
  const language = invoiceLanguage(ctx.user?.language);
  const customerId = ctx.user?.customerId ?? null;
  const amount = (n: number) => n.toFixed(2);
  await sendTemplatedMail(copy.ctx.em, [
    {
      to: input.to,
      kind: 'invoiceSent',
      outboxKind: 'invoice',
      language,
      values: {
        number: doc.id,
        issuer: issuer.name,
        company: doc.client.company,
        issued: doc.issuedDate,
        due: doc.dueDate,
        total: amount(doc.total),
        balance: amount(Math.max(doc.balance, 0)),
      },
      name: doc.client.name,
      note: input.message || null,
      lines: doc.items.map((item) => `${item.description}: ${item.quantity} × ${amount(item.price)}`),
      baseUrl: copy.ctx.publicUrl ?? '',
      path: `/apps/invoice/preview/${doc.id}`,
      customerId,
      attachment: { filename: `invoice-${doc.id}.pdf`, content: await renderInvoicePdf(doc, language) },
    },
  ]);
  if (invoice.invoiceStatus === 'Draft' || invoice.invoiceStatus === 'Downloaded') invoice.invoiceStatus = 'Sent';
  invoice.sentAt = new Date();
  await copy.ctx.em.flush();
  return toDocument(invoice, issuer);
}
