// Invoice demo app: invoices with their clients and payment details (spec sections 3, 7 and 8).
import { z } from 'zod';
import { ZInputIsoDate, listInput, listOutput } from './common.ts';

export const INVOICE_STATUSES = ['Paid', 'Downloaded', 'Sent', 'Draft', 'Partial Payment', 'Past Due'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_SORT_KEYS = ['client', 'total', 'id', 'date', 'balance'] as const;
export type TInvoiceSortKey = (typeof INVOICE_SORT_KEYS)[number];
/** Invoice numbers start here. */
export const FIRST_INVOICE_ID = 4987;
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
