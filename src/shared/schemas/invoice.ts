// Invoice demo app: invoices with their clients and payment details, and the editor's documents.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputIsoDate, zRefId } from './common.ts';

export const INVOICE_STATUSES = ['Paid', 'Downloaded', 'Sent', 'Draft', 'Partial Payment', 'Past Due'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_SORT_KEYS = ['client', 'total', 'id', 'date', 'balance'] as const;
export type TInvoiceSortKey = (typeof INVOICE_SORT_KEYS)[number];
/** Invoice numbers start here. */
export const FIRST_INVOICE_ID = 4987;
/** The demo's invoices are in US dollars, like the sample shop (ISO 4217). */
export const INVOICE_CURRENCY = 'USD';
/** How many clients GET /api/apps/invoice/clients lists. */
export const INVOICE_CLIENTS_LIMIT = 5;

const ZIsoDate = ZInputIsoDate;

export const ZListInvoicesInput = listInput(INVOICE_SORT_KEYS, {
  status: z.enum(INVOICE_STATUSES).optional(),
  /** Issue date range, inclusive (YYYY-MM-DD). */
  issuedFrom: ZIsoDate.optional(),
  issuedTo: ZIsoDate.optional(),
});
export type TListInvoicesInput = z.infer<typeof ZListInvoicesInput>;

export const ZInvoiceClient = z.object({
  name: z.string(),
  company: z.string(),
  companyEmail: z.string(),
  address: z.string(),
  country: z.string(),
  contact: z.string(),
});
export type TInvoiceClient = z.infer<typeof ZInvoiceClient>;
/** The first clients of the copy, for the "add invoice" form. */
export const ZInvoiceClients = z.array(ZInvoiceClient);

export const ZInvoice = z.object({
  id: z.number().int(),
  /** YYYY-MM-DD */
  issuedDate: z.string(),
  dueDate: z.string(),
  client: ZInvoiceClient,
  service: z.string(),
  total: z.number(),
  avatar: z.string(),
  invoiceStatus: z.enum(INVOICE_STATUSES),
  /** What is still owed; negative when overpaid. */
  balance: z.number(),
});
export type TInvoice = z.infer<typeof ZInvoice>;
export const ZInvoiceList = listOutput(ZInvoice);
export type TInvoiceList = z.infer<typeof ZInvoiceList>;

export const ZPaymentDetails = z.object({
  totalDue: z.number(),
  bankName: z.string(),
  country: z.string(),
  iban: z.string(),
  swiftCode: z.string(),
});
export const ZInvoiceDetail = z.object({ invoice: ZInvoice, paymentDetails: ZPaymentDetails });
export type TInvoiceDetail = z.infer<typeof ZInvoiceDetail>;

/* ------------------------------------------------------------------ editing */

/** Most line items an invoice may have. */
export const INVOICE_ITEMS_MAX = 50;
/** The largest money amount an invoice field may hold (numeric(12,2)). */
export const INVOICE_AMOUNT_MAX = 99_999_999;
export const PAYMENT_METHODS = ['Bank transfer', 'Card', 'Cash', 'Cheque'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** An amount in the currency, at most two decimals. */
const zMoney = (max = INVOICE_AMOUNT_MAX) =>
  z
    .number({ message: msg('number.expected') })
    .min(0, msg('number.negative'))
    .max(max, msg('number.max'))
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, msg('number.twoDecimals'));

export const ZInvoiceItem = z.object({
  description: z.string().trim().min(1, msg('invoice.itemDescription')).max(200),
  quantity: z
    .number({ message: msg('number.expected') })
    .int(msg('number.whole'))
    .min(1, msg('number.atLeast'))
    .max(100_000),
  price: zMoney(1_000_000),
});
export type TInvoiceItem = z.infer<typeof ZInvoiceItem>;

const ZInvoiceFields = z.object({
  clientId: zRefId(msg('invoice.client')),
  issuedDate: ZIsoDate,
  dueDate: ZIsoDate,
  items: z.array(ZInvoiceItem).min(1, msg('invoice.itemsRequired')).max(INVOICE_ITEMS_MAX, msg('invoice.itemsMax')),
  /** Percent applied after the discount. */
  taxRate: z
    .number({ message: msg('number.expected') })
    .min(0, msg('number.negative'))
    .max(100, msg('invoice.taxMax')),
  /** An amount taken off the subtotal. */
  discount: zMoney(),
  note: z.string().trim().max(2000),
});
const dueAfterIssue = { path: ['dueDate'], message: msg('invoice.dueBeforeIssue') };
export const ZCreateInvoiceInput = ZInvoiceFields.refine((v) => v.dueDate >= v.issuedDate, dueAfterIssue);
export type TCreateInvoiceInput = z.infer<typeof ZCreateInvoiceInput>;
export const ZUpdateInvoiceInput = ZInvoiceFields.extend({ id: ZId, version: ZExpectedVersion }).refine(
  (v) => v.dueDate >= v.issuedDate,
  dueAfterIssue,
);
export type TUpdateInvoiceInput = z.infer<typeof ZUpdateInvoiceInput>;

export const ZRecordPaymentInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  amount: zMoney().refine((n) => n > 0, msg('number.positive')),
  paidOn: ZIsoDate,
  method: z.enum(PAYMENT_METHODS),
});
export type TRecordPaymentInput = z.infer<typeof ZRecordPaymentInput>;

export const ZSendInvoiceInput = z.object({
  id: ZId,
  to: z.email(msg('email.expected')).max(254),
  message: z.string().trim().max(2000),
});
export type TSendInvoiceInput = z.infer<typeof ZSendInvoiceInput>;

export const ZInvoicePayment = z.object({ paidOn: z.string(), amount: z.number(), method: z.enum(PAYMENT_METHODS) });
export type TInvoicePayment = z.infer<typeof ZInvoicePayment>;

/** An invoice as the editor and the preview show it: lines, totals (the server's), payments. */
/** Who issues the invoice: the caller's organisation (the platform's for the superadmin's copy). */
export const ZInvoiceIssuer = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string(),
  /** ISO 3166 two-letter code, or empty. */
  country: z.string(),
});
export type TInvoiceIssuer = z.infer<typeof ZInvoiceIssuer>;

export const ZInvoiceDocument = z.object({
  id: z.number().int(),
  version: z.number().int(),
  issuer: ZInvoiceIssuer,
  /** ISO 4217 code of every amount of the invoice. */
  currency: z.string(),
  clientId: z.number().int(),
  client: ZInvoiceClient,
  issuedDate: z.string(),
  dueDate: z.string(),
  invoiceStatus: z.enum(INVOICE_STATUSES),
  items: z.array(ZInvoiceItem),
  note: z.string(),
  taxRate: z.number(),
  discount: z.number(),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
  payments: z.array(ZInvoicePayment),
  sentAt: z.date().nullable(),
  paymentDetails: ZPaymentDetails,
});
export type TInvoiceDocument = z.infer<typeof ZInvoiceDocument>;

export const ZInvoiceClientOption = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string(),
  companyEmail: z.string(),
});
export type TInvoiceClientOption = z.infer<typeof ZInvoiceClientOption>;
export const ZInvoiceClientOptions = z.array(ZInvoiceClientOption);
export const ZInvoiceClientSearch = z.object({ q: z.string().trim().max(100).optional(), id: ZId.optional() });
export type TInvoiceClientSearch = z.infer<typeof ZInvoiceClientSearch>;

const cents = (n: number) => Math.round(n * 100);

/**
 * The totals of an invoice from its lines, discount (an amount, at most the subtotal) and tax rate
 * (percent of subtotal minus discount), in cents so sums are exact. The server stores what this says;
 * the editor shows it as a preview only.
 */
export function invoiceTotals(
  items: readonly Pick<TInvoiceItem, 'quantity' | 'price'>[],
  discount: number,
  taxRate: number,
) {
  const subtotal = items.reduce((sum, item) => sum + item.quantity * cents(item.price), 0);
  const off = Math.min(cents(discount), subtotal);
  const tax = Math.round(((subtotal - off) * Math.round(taxRate * 100)) / 10_000);
  return { subtotal: subtotal / 100, discount: off / 100, tax: tax / 100, total: (subtotal - off + tax) / 100 };
}

/** What is owed after `paid` on `total`, and the status that follows (payments decide Paid / Partial Payment). */
export function invoiceBalance(
  total: number,
  paid: number,
  status: TInvoiceStatus,
): { balance: number; invoiceStatus: TInvoiceStatus } {
  const balance = (cents(total) - cents(paid)) / 100;
  if (paid > 0) return { balance, invoiceStatus: balance <= 0 ? 'Paid' : 'Partial Payment' };
  return { balance, invoiceStatus: status === 'Paid' || status === 'Partial Payment' ? 'Sent' : status };
}
