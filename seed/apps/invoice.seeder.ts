// Invoice demo app: 36 clients and their invoices, numbered from 4987 and issued in the current month.
// Deterministic: a fixed faker seed; only dates move with `today`.
import { base, en, Faker } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Invoice, InvoiceClient } from '../../src/server/domains/apps/invoice/invoice.entity.ts';
import { FIRST_INVOICE_ID, INVOICE_STATUSES, type TInvoiceStatus } from '../../src/shared/schemas/invoice.ts';
import { COUNTRIES, dayOffset, dayOfMonth, daysInMonth, demoEmail, demoPhone } from '../support/demo-data.ts';
import { avatarImage } from '../support/demo-images.ts';

export const INVOICE_SEED = 20_260_302;
export const INVOICE_COUNT = 36;

const SERVICES = [
  'Software Development',
  'UI/UX Design & Development',
  'Unlimited Extended License',
  'Template Customization',
  'Search Engine Optimisation',
  'Mobile App Maintenance',
  'Brand Identity Workshop',
  'Cloud Hosting (annual)',
];
const BANKS = ['Harbour Federal Bank', 'Northbridge Savings', 'Meridian Trust', 'Cobalt Commercial Bank'];

export interface InvoiceData {
  clients: { name: string; company: string; companyEmail: string; address: string; country: string; contact: string }[];
  invoices: {
    id: number;
    number: number;
    clientIndex: number;
    issuedDate: string;
    dueDate: string;
    service: string;
    total: number;
    avatar: string;
    invoiceStatus: TInvoiceStatus;
    balance: number;
    totalDue: number;
    bankName: string;
    bankCountry: string;
    iban: string;
    swiftCode: string;
  }[];
}

const money = (n: number) => Math.round(n * 100) / 100;

/** Balance still owed for an invoice of `total` in `status` (negative when overpaid). */
function balanceFor(f: Faker, status: TInvoiceStatus, total: number): number {
  switch (status) {
    case 'Paid':
      return f.datatype.boolean({ probability: 0.2 })
        ? -money(f.number.float({ min: 5, max: 120, fractionDigits: 2 }))
        : 0;
    case 'Partial Payment':
      return money(total * f.number.float({ min: 0.2, max: 0.8, fractionDigits: 2 }));
    default:
      return total;
  }
}

/** The invoices' sample data for `seed`; every invoice issued in `today`'s month. */
export function generateInvoices(seed = INVOICE_SEED, today = new Date()): InvoiceData {
  const f = new Faker({ locale: [en, base] });
  f.seed(seed);
  const clients = Array.from({ length: INVOICE_COUNT }, () => {
    const firstName = f.person.firstName();
    const lastName = f.person.lastName();
    const [country] = f.helpers.arrayElement(COUNTRIES);
    return {
      name: `${firstName} ${lastName}`,
      company: `${f.company.name()} ${f.helpers.arrayElement(['Ltd', 'Inc', 'GmbH', 'SARL', 'LLC'])}`,
      companyEmail: demoEmail(f, firstName, lastName),
      address: `${f.location.streetAddress()}, ${f.location.city()}`,
      country,
      contact: demoPhone(f),
    };
  });
  const days = daysInMonth(today);
  const invoices = clients.map((client, i) => {
    const total = money(f.number.float({ min: 150, max: 6000, fractionDigits: 2 }));
    const invoiceStatus = f.helpers.arrayElement(INVOICE_STATUSES);
    const balance = balanceFor(f, invoiceStatus, total);
    const day = f.number.int({ min: 1, max: days });
    const issuedDate = dayOfMonth(today, day);
    return {
      id: FIRST_INVOICE_ID + i,
      number: FIRST_INVOICE_ID + i,
      clientIndex: i,
      issuedDate,
      dueDate: dayOffset(new Date(`${issuedDate}T00:00:00Z`), f.helpers.arrayElement([7, 14, 30])),
      service: f.helpers.arrayElement(SERVICES),
      total,
      avatar: f.datatype.boolean({ probability: 0.6 }) ? avatarImage(client.name) : '',
      invoiceStatus,
      balance,
      totalDue: money(Math.max(balance, 0)),
      bankName: f.helpers.arrayElement(BANKS),
      bankCountry: client.country,
      iban: f.finance.iban({ formatted: false }),
      swiftCode: f.finance.bic(),
    };
  });
  return { clients, invoices };
}

export class InvoiceSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    const data = generateInvoices();
    const clients = data.clients.map((c) => em.create(InvoiceClient, c));
    for (const { clientIndex, ...invoice } of data.invoices) {
      // One line (the service at the total) and, when something was paid, one payment on the issue date.
      const paid = money(invoice.total - invoice.balance);
      em.create(Invoice, {
        ...invoice,
        client: clients[clientIndex],
        items: [{ description: invoice.service, quantity: 1, price: invoice.total }],
        subtotal: invoice.total,
        discount: 0,
        taxRate: 0,
        tax: 0,
        note: '',
        payments: paid > 0 ? [{ paidOn: invoice.issuedDate, amount: paid, method: 'Bank transfer' as const }] : [],
      });
    }
    await em.flush();
    // Ids were given explicitly: move the sequence past them.
    await em
      .getConnection()
      .execute(`select setval(pg_get_serial_sequence('invoices', 'id'), (select max(id) from invoices))`);
  }
}
