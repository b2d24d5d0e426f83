// apps.invoice editing: lines and totals computed by the server, versions, payments, send.
import { describe, expect, it } from 'vitest';
import { invoiceTotals, type TCreateInvoiceInput } from '../../../../shared/schemas/invoice.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { fieldErrorsOf } from '../../../testing/refusals.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();
const ADMIN = 'admin@demo.com';

async function api(email = ADMIN) {
  return (await t.caller(email)).apps.invoice;
}

async function draft(overrides: Partial<TCreateInvoiceInput> = {}): Promise<TCreateInvoiceInput> {
  const [client] = await (await api()).clientOptions({});
  return {
    clientId: client.id,
    issuedDate: '2026-11-02',
    dueDate: '2026-11-30',
    items: [
      { description: 'Design review', quantity: 3, price: 120.5 },
      { description: 'Hosting', quantity: 1, price: 19.99 },
    ],
    taxRate: 20,
    discount: 10,
    note: 'Thank you',
    ...overrides,
  };
}

describe('invoiceTotals', () => {
  it('sums lines in cents, takes the discount off, then adds the tax', () => {
    expect(invoiceTotals([{ quantity: 3, price: 0.1 }], 0, 0)).toEqual({
      subtotal: 0.3,
      discount: 0,
      tax: 0,
      total: 0.3,
    });
    expect(
      invoiceTotals(
        [
          { quantity: 3, price: 120.5 },
          { quantity: 1, price: 19.99 },
        ],
        10,
        20,
      ),
    ).toEqual({
      subtotal: 381.49,
      discount: 10,
      tax: 74.3,
      total: 445.79,
    });
  });
});

describe('apps.invoice create and update', () => {
  it('creates a draft with the next number and totals computed on the server', async () => {
    const a = await api();
    const before = await a.list({ itemsPerPage: -1 });
    const created = await a.create({ ...(await draft()), total: 1, subtotal: 1 } as TCreateInvoiceInput);
    expect(created.id).toBe(Math.max(...before.items.map((i) => i.id)) + 1);
    expect(created).toMatchObject({
      invoiceStatus: 'Draft',
      subtotal: 381.49,
      discount: 10,
      tax: 74.3,
      total: 445.79,
      balance: 445.79,
      paid: 0,
      version: 1,
      // Who issues it (the caller's organisation, with its address) and the currency of every amount.
      issuer: { name: 'Acme Retail Group', address: '12 quai Perrache', city: 'Lyon', country: 'FR' },
      currency: 'USD',
    });
    expect(created.items.map((i) => i.description)).toEqual(['Design review', 'Hosting']);
    const listed = await a.list({ q: String(created.id) });
    expect(listed.items.find((i) => i.id === created.id)).toMatchObject({
      total: 445.79,
      service: 'Design review',
      invoiceStatus: 'Draft',
    });
    expect(await a.document({ id: created.id })).toEqual(created);
  });

  it('updates lines in their new order, bumps the version and refuses a stale version', async () => {
    const a = await api();
    const created = await a.create(await draft());
    const input = { ...(await draft()), id: created.id, version: created.version };
    const reordered = [...input.items].reverse().concat({ description: 'Support', quantity: 2, price: 50 });
    const updated = await a.update({ ...input, items: reordered, taxRate: 0, discount: 0 });
    expect(updated.items.map((i) => i.description)).toEqual(['Hosting', 'Design review', 'Support']);
    expect(updated).toMatchObject({ total: 481.49, tax: 0, version: 2 });
    expect(await codeOf(a.update({ ...input, version: 1 }))).toBe('CONFLICT');
    expect((await a.document({ id: created.id })).total).toBe(481.49);
  });

  it('names the field of bad input', async () => {
    const a = await api();
    const base = await draft();
    const fieldOf = async (p: Promise<unknown>) => {
      try {
        await p;
        return 'ok';
      } catch (error) {
        return Object.keys(fieldErrorsOf(error)).join(',');
      }
    };
    expect(await fieldOf(a.create({ ...base, items: [] }))).toBe('items');
    expect(await fieldOf(a.create({ ...base, dueDate: '2026-11-01' }))).toBe('dueDate');
    expect(await fieldOf(a.create({ ...base, discount: 100_000 }))).toBe('discount');
    expect(await fieldOf(a.create({ ...base, clientId: 999_999 }))).toBe('clientId');
    expect(await fieldOf(a.create({ ...base, items: [{ description: 'x', quantity: 1, price: 1.234 }] }))).toBe(
      'items.0.price',
    );
    expect(await codeOf(a.create({ ...base, clientId: 999_999 }))).toBe('BAD_REQUEST');
  });

  it('lets a reader read but not change, and refuses the client role', async () => {
    const reader = await api('teamleader@demo.com');
    const [first] = (await reader.list({})).items;
    expect((await reader.document({ id: first.id })).id).toBe(first.id);
    expect(await codeOf(reader.create(await draft()))).toBe('FORBIDDEN');
    expect(
      await codeOf(reader.recordPayment({ id: first.id, version: 1, amount: 1, paidOn: '2026-11-03', method: 'Card' })),
    ).toBe('FORBIDDEN');
    expect(await codeOf((await api('client@demo.com')).document({ id: first.id }))).toBe('FORBIDDEN');
  });
});

describe('apps.invoice payments and sending', () => {
  it('a payment lowers the balance and moves the status to Partial Payment, then Paid', async () => {
    const a = await api();
    const created = await a.create(
      await draft({ items: [{ description: 'Audit', quantity: 1, price: 300 }], taxRate: 0, discount: 0 }),
    );
    const part = await a.recordPayment({
      id: created.id,
      version: created.version,
      amount: 100,
      paidOn: '2026-11-05',
      method: 'Card',
    });
    expect(part).toMatchObject({ balance: 200, paid: 100, invoiceStatus: 'Partial Payment', version: 2 });
    expect(part.paymentDetails.totalDue).toBe(200);
    expect(
      await codeOf(
        a.recordPayment({
          id: created.id,
          version: part.version,
          amount: 200.01,
          paidOn: '2026-11-06',
          method: 'Cash',
        }),
      ),
    ).toBe('BAD_REQUEST');
    expect(
      await codeOf(a.recordPayment({ id: created.id, version: 1, amount: 10, paidOn: '2026-11-06', method: 'Cash' })),
    ).toBe('CONFLICT');
    const paid = await a.recordPayment({
      id: created.id,
      version: part.version,
      amount: 200,
      paidOn: '2026-11-06',
      method: 'Cash',
    });
    expect(paid).toMatchObject({ balance: 0, invoiceStatus: 'Paid' });
    expect(paid.payments.map((p) => p.amount)).toEqual([100, 200]);
    expect((await a.list({ q: String(created.id) })).items.find((i) => i.id === created.id)?.balance).toBe(0);
  });

  it('send writes the invoice to the outbox and marks a draft Sent', async () => {
    const a = await api();
    const created = await a.create(await draft());
    const sent = await a.send({ id: created.id, to: 'billing@client.example', message: 'Here it is' });
    expect(sent.invoiceStatus).toBe('Sent');
    expect(sent.sentAt).toBeInstanceOf(Date);
    const mail = await (await t.caller('superadmin@demo.com')).outbox.list({ q: 'billing@client.example' });
    expect(mail.items[0]).toMatchObject({
      to: 'billing@client.example',
      kind: 'invoice',
      attachmentName: `invoice-${created.id}.pdf`,
    });
    expect(mail.items[0].subject).toMatch(new RegExp(`^Invoice #${created.id} from \\S`));
    expect(mail.items[0].body).toContain('Here it is');
    expect(mail.items[0].body).toContain('Total: 445.79');
    expect(mail.items[0].body).toContain(`/apps/invoice/preview/${created.id}`);
    expect(await codeOf(a.send({ id: created.id, to: 'not an address', message: '' }))).toBe('BAD_REQUEST');
    expect(
      await codeOf((await api('teamleader@demo.com')).send({ id: created.id, to: 'x@example.com', message: '' })),
    ).toBe('FORBIDDEN');
  });
});

describe('GET /api/export/invoices.csv', () => {
  it('exports every invoice matching the filters, and refuses the client role', async () => {
    const res = await t.request({ method: 'GET', url: '/api/export/invoices.csv?status=Paid', as: ADMIN });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('id,client,company');
    const paid = await (await api()).list({ status: 'Paid', itemsPerPage: -1 });
    expect(lines).toHaveLength(paid.total + 1);
    expect(
      (await t.request({ method: 'GET', url: '/api/export/invoices.csv', as: 'client@demo.com' })).statusCode,
    ).toBe(403);
  });
});
