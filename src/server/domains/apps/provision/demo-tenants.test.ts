// Demo-app data per customer: each customer, and the platform (superadmin), works on its own copy of
// the shop, invoices, demo users, permissions, logistics and analytics, made once on first use.
import { describe, expect, it } from 'vitest';
import { setupTestApp, type AppCaller } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';
import { forgetTenantCopies } from './demo-provision.service.ts';

const t = await setupTestApp();
const ACME = 'admin@demo.com';
const NWS = 'admin@nws.demo.com';

const NEW_USER = {
  fullName: 'Nora Westfield',
  company: 'NWS Demo',
  role: 'editor',
  username: 'nora.w',
  country: 'Norway',
  contact: '+47 555 0101',
  email: 'nora.w@nws.example',
  currentPlan: 'team',
  status: 'active',
  avatar: '',
  billing: 'Auto debit',
} as const;

/** The section 9 counts, as one customer's caller sees them. */
async function counts(caller: AppCaller) {
  const apps = caller.apps;
  const all = { itemsPerPage: -1 };
  return {
    products: (await apps.ecommerce.products.list(all)).total,
    reviews: (await apps.ecommerce.reviews.list(all)).total,
    referrals: (await apps.ecommerce.referrals.list(all)).total,
    orders: (await apps.ecommerce.orders.list(all)).total,
    customers: (await apps.ecommerce.customers.list(all)).total,
    invoices: (await apps.invoice.list(all)).total,
    vehicles: (await apps.logistics.vehicles.list(all)).total,
    users: (await apps.users.list(all)).total,
    permissions: (await apps.permissions.list(all)).total,
    analytics: (await apps.analytics.projects.list(all)).total,
  };
}

const SECTION_9 = {
  products: 50,
  reviews: 100,
  referrals: 45,
  orders: 100,
  customers: 100,
  invoices: 36,
  vehicles: 25,
  users: 50,
  permissions: 9,
  analytics: 7,
};

describe('demo-app data per customer', () => {
  it('gives ACME, NWS and the platform (superadmin) each the full section 9 counts', async () => {
    expect(await counts(await t.caller(ACME))).toEqual(SECTION_9);
    expect(await counts(await t.caller(NWS))).toEqual(SECTION_9);
    expect(await counts(await t.caller('superadmin@demo.com'))).toEqual(SECTION_9);
  });

  it("answers NOT_FOUND to NWS for ACME's product and demo user, and leaves them in place", async () => {
    const acme = (await t.caller(ACME)).apps;
    const nws = (await t.caller(NWS)).apps;
    const [product] = (await acme.ecommerce.products.list({})).items;
    const [user] = (await acme.users.list({})).items;
    const nwsProducts = (await nws.ecommerce.products.list({ itemsPerPage: -1 })).items.map((p) => p.id);
    expect(nwsProducts).not.toContain(product.id);
    expect(await codeOf(nws.ecommerce.products.delete({ id: product.id }))).toBe('NOT_FOUND');
    expect(await codeOf(nws.users.byId({ id: user.id }))).toBe('NOT_FOUND');
    expect(await codeOf(nws.users.delete({ id: user.id }))).toBe('NOT_FOUND');
    expect((await acme.ecommerce.products.list({ itemsPerPage: -1 })).items.map((p) => p.id)).toContain(product.id);
    expect((await acme.users.byId({ id: user.id })).id).toBe(user.id);
    // A deleted order of another copy is no error (the spec's order delete), but nothing goes.
    const [order] = (await acme.ecommerce.orders.list({})).items;
    expect(await nws.ecommerce.orders.delete({ id: order.id })).toEqual({ deleted: false });
    expect((await acme.ecommerce.orders.list({ itemsPerPage: -1 })).total).toBe(100);
  });

  it('keeps invoice numbers per customer: deleting one of NWS leaves ACME untouched, and the reverse', async () => {
    const acme = (await t.caller(ACME)).apps.invoice;
    const nws = (await t.caller(NWS)).apps.invoice;
    await nws.delete({ id: 4991 });
    expect(await codeOf(nws.byId({ id: 4991 }))).toBe('NOT_FOUND');
    expect((await acme.byId({ id: 4991 })).invoice.id).toBe(4991);
    await acme.delete({ id: 4992 });
    expect((await nws.byId({ id: 4992 })).invoice.id).toBe(4992);
    expect((await acme.list({ itemsPerPage: -1 })).items.map((i) => i.id)).toContain(4991);
    expect((await nws.list({ itemsPerPage: -1 })).items.map((i) => i.id)).toContain(4992);
  });

  it("does not show NWS's new demo user to ACME", async () => {
    const nws = (await t.caller(NWS)).apps.users;
    const acme = (await t.caller(ACME)).apps.users;
    const created = await nws.create(NEW_USER);
    expect((await nws.list({ q: 'Westfield' })).items.map((u) => u.id)).toEqual([created.id]);
    expect((await acme.list({ q: 'Westfield' })).total).toBe(0);
    expect(await codeOf(acme.byId({ id: created.id }))).toBe('NOT_FOUND');
    expect(await codeOf(acme.delete({ id: created.id }))).toBe('NOT_FOUND');
  });

  it('gives the superadmin the platform copy, apart from every customer', async () => {
    const platform = (await t.caller('superadmin@demo.com')).apps;
    const acme = (await t.caller(ACME)).apps;
    const [product] = (await acme.ecommerce.products.list({})).items;
    expect(await codeOf(platform.ecommerce.products.delete({ id: product.id }))).toBe('NOT_FOUND');
    const [own] = (await platform.ecommerce.products.list({})).items;
    await platform.ecommerce.products.delete({ id: own.id });
    expect((await platform.ecommerce.products.list({})).total).toBe(49);
    const conn = t.orm.em.fork().getConnection();
    const [row] = await conn.execute<{ customer_id: number | null }[]>(`select customer_id from demo_tenants where key = 'platform'`);
    expect(row.customer_id).toBeNull();
  });

  it('makes one copy when two users of one customer call first at the same time', async () => {
    // A customer nobody has used the shop of yet: NWS's second user against the NWS admin would be too
    // late here (earlier tests made NWS's copy), so drop NWS's copies and start again.
    const conn = t.orm.em.fork().getConnection();
    await conn.execute(`delete from demo_tenants where key like 'customer:%' and customer_id = (select id from customers where code = 'NWS')`);
    forgetTenantCopies(t.orm.em);
    const callers = await Promise.all([NWS, 'qualitycontrol@nws.demo.com', NWS, 'qualitycontrol@nws.demo.com'].map((e) => t.caller(e)));
    const totals = await Promise.all(callers.map((c) => c.apps.ecommerce.orders.list({})));
    for (const { total } of totals) expect(total).toBe(100);
    const [{ n }] = await conn.execute<{ n: number }[]>(
      `select count(*)::int as n from ecommerce_orders o join demo_tenants d on d.id = o.tenant_id
        where d.customer_id = (select id from customers where code = 'NWS')`,
    );
    expect(n).toBe(100);
    const [{ copies }] = await conn.execute<{ copies: number }[]>(
      `select count(*)::int as copies from demo_tenants where customer_id = (select id from customers where code = 'NWS')`,
    );
    expect(copies).toBe(1);
  });

  it('keeps exact per-customer totals of the big shop tables', async () => {
    const acme = (await t.caller(ACME)).apps.ecommerce;
    const nws = (await t.caller(NWS)).apps.ecommerce;
    const [order] = (await acme.orders.list({})).items;
    await acme.orders.delete({ id: order.id });
    expect((await acme.orders.list({})).total).toBe(99);
    expect((await nws.orders.list({})).total).toBe(100);
    const conn = t.orm.em.fork().getConnection();
    const kept = await conn.execute<{ tenant_id: number; row_count: string }[]>(
      `select c.tenant_id, c.row_count from table_row_counts c join demo_tenants d on d.id = c.tenant_id
        where c.table_name = 'ecommerce_orders' and d.customer_id = (select id from customers where code = 'ACME')`,
    );
    expect(kept.map((k) => Number(k.row_count))).toEqual([99]);
  });
});
