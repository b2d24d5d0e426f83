// Invoice demo app tables: clients and their invoices (numbered from 4987), with payment details.
import { defineEntity, p } from '@mikro-orm/core';
import { INVOICE_STATUSES, type TInvoiceItem, type TInvoicePayment } from '../../../../shared/schemas/invoice.ts';
import { baseProperties } from '../../../db/base.entity.ts';
import { DemoTenant } from '../provision/demo-tenant.entity.ts';

export const InvoiceClientSchema = defineEntity({
  name: 'InvoiceClient',
  tableName: 'invoice_clients',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    name: p.string().length(120),
    company: p.string().length(160),
    companyEmail: p.string().length(254),
    address: p.string().length(300),
    country: p.string().length(80),
    contact: p.string().length(40),
  },
});
export class InvoiceClient extends InvoiceClientSchema.class {}
InvoiceClientSchema.setClass(InvoiceClient);

export const InvoiceSchema = defineEntity({
  name: 'Invoice',
  tableName: 'invoices',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    /** The invoice number shown (and used as the id by the API): the sample's, kept by every copy. */
    number: p.integer(),
    client: () => p.manyToOne(InvoiceClient).deleteRule('restrict').index(),
    issuedDate: p.date().index(),
    dueDate: p.date(),
    service: p.string().length(160),
    total: p.decimal('number').precision(12).scale(2),
    avatar: p.text(),
    invoiceStatus: p.enum([...INVOICE_STATUSES]),
    /** Still owed; negative when overpaid. */
    balance: p.decimal('number').precision(12).scale(2),
    totalDue: p.decimal('number').precision(12).scale(2),
    bankName: p.string().length(120),
    bankCountry: p.string().length(80),
    iban: p.string().length(40),
    swiftCode: p.string().length(16),
    /** The lines, in their order; `total` and the amounts below are computed from them by the service. */
    items: p.json<TInvoiceItem[]>(),
    subtotal: p.decimal('number').precision(12).scale(2),
    /** An amount taken off the subtotal. */
    discount: p.decimal('number').precision(12).scale(2),
    /** Percent of the subtotal minus the discount. */
    taxRate: p.decimal('number').precision(5).scale(2),
    tax: p.decimal('number').precision(12).scale(2),
    note: p.text(),
    /** Payments recorded, oldest first; `balance` is the total minus their sum. */
    payments: p.json<TInvoicePayment[]>(),
    /** When it was last e-mailed to the client. */
    sentAt: p.datetime().nullable(),
    version: p.integer().version(),
  },
});
export class Invoice extends InvoiceSchema.class {}
InvoiceSchema.setClass(Invoice);
