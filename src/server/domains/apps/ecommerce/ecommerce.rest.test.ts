// REST /api/apps/ecommerce/* against the seeded database: every filter, sort key (both directions),
// paging edge, mutation, error body and role check of the demo API.
import { describe, expect, it } from 'vitest';
import type {
  TEcommerceCustomer,
  TEcommerceCustomerDetail,
  TOrder,
  TProduct,
  TReferral,
  TReview,
} from '../../../../shared/schemas/ecommerce.ts';
import { setupTestApp } from '../../../testing/app.ts';
import {
  expectEmpty404,
  expectedOrder,
  ids,
  idsMatching,
  type SortValue,
  searchTermFrom,
} from '../../../testing/list-assertions.ts';
import { okGetter } from '../../../testing/rest.ts';

const t = await setupTestApp();
const ADMIN = 'admin@demo.com';

const get = okGetter(t, ADMIN);

type Products = { products: TProduct[]; total: number };
type Orders = { orders: TOrder[]; total: number };
type Customers = { customers: TEcommerceCustomer[]; total: number };
type Reviews = { reviews: TReview[]; total: number };
type Referrals = { referrals: TReferral[]; total: number };

const price = (s: string) => Number(s.slice(1));

/** For each sort key, both directions: the server's order equals the order derived from the full list. */
function sortCases<T extends { id: number }>(path: string, key: string, sorts: Record<string, (row: T) => SortValue>) {
  describe(`${path} sorting`, () => {
    for (const [sortBy, value] of Object.entries(sorts)) {
      for (const orderBy of ['asc', 'desc'] as const) {
        it(`sortBy=${sortBy}&orderBy=${orderBy}`, async () => {
          const all = (await get<Record<string, T[]>>(`${path}?itemsPerPage=-1`))[key];
          const sorted = (
            await get<Record<string, T[]>>(`${path}?itemsPerPage=-1&sortBy=${sortBy}&orderBy=${orderBy}`)
          )[key];
          expect(ids(sorted)).toEqual(expectedOrder(all, value, orderBy));
          // A middle page is the same slice of that order.
          const page = (
            await get<Record<string, T[]>>(`${path}?itemsPerPage=7&page=3&sortBy=${sortBy}&orderBy=${orderBy}`)
          )[key];
          expect(ids(page)).toEqual(ids(sorted).slice(14, 21));
        });
      }
    }
  });
}

describe('GET /api/apps/ecommerce/products', () => {
  it('lists 10 of the 50 products, newest first, with the spec fields', async () => {
    const body = await get<Products>('/api/apps/ecommerce/products');
    expect(body.total).toBe(50);
    expect(body.products).toHaveLength(10);
    const all = (await get<Products>('/api/apps/ecommerce/products?itemsPerPage=-1')).products;
    expect(ids(all)).toEqual([...ids(all)].sort((a, b) => b - a));
    expect(ids(body.products)).toEqual(ids(all).slice(0, 10));
    const p = body.products[0];
    expect(Object.keys(p).sort()).toEqual(
      ['category', 'id', 'image', 'price', 'productBrand', 'productName', 'qty', 'sku', 'status', 'stock'].sort(),
    );
    expect(p.price).toMatch(/^\$\d+\.\d{2}$/);
    expect(typeof p.stock).toBe('boolean');
  });

  it('searches name or brand, case-insensitively', async () => {
    const all = (await get<Products>('/api/apps/ecommerce/products?itemsPerPage=-1')).products;
    for (const q of [
      searchTermFrom(all[3].productName).toUpperCase(),
      all[10].productBrand.slice(0, 4).toLowerCase(),
    ]) {
      const body = await get<Products>(`/api/apps/ecommerce/products?itemsPerPage=-1&q=${encodeURIComponent(q)}`);
      const expected = idsMatching(all, q, (p) => [p.productName, p.productBrand]);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(body.products)).toEqual(expected);
      expect(body.total).toBe(expected.length);
    }
  });

  it('filters by stock, category and status, alone and together', async () => {
    const all = (await get<Products>('/api/apps/ecommerce/products?itemsPerPage=-1')).products;
    const cases: [string, (p: TProduct) => boolean][] = [
      ['stock=true', (p) => p.stock],
      ['stock=false', (p) => !p.stock],
      ['category=Shoes', (p) => p.category === 'Shoes'],
      ['category=Home%20Decor', (p) => p.category === 'Home Decor'],
      ['status=Published', (p) => p.status === 'Published'],
      [
        'status=Scheduled&category=Games&stock=true',
        (p) => p.status === 'Scheduled' && p.category === 'Games' && p.stock,
      ],
    ];
    for (const [query, keep] of cases) {
      const body = await get<Products>(`/api/apps/ecommerce/products?itemsPerPage=-1&${query}`);
      expect(ids(body.products), query).toEqual(ids(all.filter(keep)));
      expect(body.total).toBe(all.filter(keep).length);
    }
    expect(all.some((p) => !p.stock)).toBe(true);
  });

  it('treats empty filters as none and rejects unknown values with 400', async () => {
    expect((await get<Products>('/api/apps/ecommerce/products?category=&status=&stock=&q=')).total).toBe(50);
    for (const query of ['category=Toys', 'status=published', 'stock=maybe']) {
      const res = await t.request({ method: 'GET', url: `/api/apps/ecommerce/products?${query}`, as: ADMIN });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/must be/);
    }
  });

  it('compares prices as numbers', async () => {
    const sorted = (await get<Products>('/api/apps/ecommerce/products?itemsPerPage=-1&sortBy=price&orderBy=asc'))
      .products;
    const values = sorted.map((p) => price(p.price));
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  it('applies the paging fallbacks, "all", clamping and past-the-end pages', async () => {
    const all = ids((await get<Products>('/api/apps/ecommerce/products?itemsPerPage=-1')).products);
    expect(all).toHaveLength(50);
    const cases: [string, number[]][] = [
      ['page=2&itemsPerPage=20', all.slice(20, 40)],
      ['page=3&itemsPerPage=20', all.slice(40, 50)],
      ['page=6&itemsPerPage=10', []],
      ['page=abc&itemsPerPage=xyz', all.slice(0, 10)],
      ['page=-3&itemsPerPage=5', all.slice(0, 5)],
      ['page=0', all.slice(0, 10)],
      ['itemsPerPage=0', all.slice(0, 10)],
      ['itemsPerPage=-7', all.slice(0, 10)],
      ['itemsPerPage=99999999999', all],
      ['page=1.5&itemsPerPage=2.5', all.slice(0, 10)],
      ['page=999999999999', []],
    ];
    for (const [query, expected] of cases) {
      const body = await get<Products>(`/api/apps/ecommerce/products?${query}`);
      expect(ids(body.products), query).toEqual(expected);
      expect(body.total).toBe(50);
    }
  });

  it('ignores unknown sort keys and odd orderBy values', async () => {
    const base = ids((await get<Products>('/api/apps/ecommerce/products')).products);
    expect(
      ids((await get<Products>('/api/apps/ecommerce/products?sortBy=id;drop%20table%20x&orderBy=asc')).products),
    ).toEqual(base);
    const asc = ids(
      (await get<Products>('/api/apps/ecommerce/products?sortBy=qty&orderBy=up&itemsPerPage=-1')).products,
    );
    const explicit = ids(
      (await get<Products>('/api/apps/ecommerce/products?sortBy=qty&orderBy=asc&itemsPerPage=-1')).products,
    );
    expect(asc).toEqual(explicit);
  });

  it('keeps SQL-looking and wildcard searches harmless', async () => {
    for (const q of ["'; drop table ecommerce_products; --", "' or '1'='1", '%', '_', '\\']) {
      const body = await get<Products>(`/api/apps/ecommerce/products?q=${encodeURIComponent(q)}`);
      expect(body.total, q).toBe(0);
    }
    expect((await get<Products>('/api/apps/ecommerce/products')).total).toBe(50);
  });
});

sortCases<TProduct>('/api/apps/ecommerce/products', 'products', {
  product: (p) => p.productName,
  category: (p) => p.category,
  status: (p) => p.status,
  price: (p) => price(p.price),
  qty: (p) => p.qty,
  sku: (p) => p.sku,
});

describe('DELETE /api/apps/ecommerce/products/{id}', () => {
  it('deletes exactly one product (204), then answers 404 with an empty body', async () => {
    const before = (await get<Products>('/api/apps/ecommerce/products?itemsPerPage=-1')).products;
    const victim = before[5].id;
    const res = await t.request({ method: 'DELETE', url: `/api/apps/ecommerce/products/${victim}`, as: ADMIN });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = (await get<Products>('/api/apps/ecommerce/products?itemsPerPage=-1')).products;
    expect(ids(after)).toEqual(ids(before).filter((id) => id !== victim));
    expectEmpty404(await t.request({ method: 'DELETE', url: `/api/apps/ecommerce/products/${victim}`, as: ADMIN }));
  });

  it('answers 404 with an empty body for unknown and impossible ids', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1e3', '99999999999']) {
      expectEmpty404(await t.request({ method: 'DELETE', url: `/api/apps/ecommerce/products/${id}`, as: ADMIN }));
    }
  });

  it('lets superadmin delete (in the platform copy of the shop) and refuses read-only roles (403)', async () => {
    const [first] = (await get<Products>('/api/apps/ecommerce/products')).products;
    const refused = await t.request({
      method: 'DELETE',
      url: `/api/apps/ecommerce/products/${first.id}`,
      as: 'analyst@demo.com',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/not allowed/);
    const asSuperadmin = okGetter(t, 'superadmin@demo.com');
    const [own] = (await asSuperadmin<Products>('/api/apps/ecommerce/products')).products;
    const ok = await t.request({
      method: 'DELETE',
      url: `/api/apps/ecommerce/products/${own.id}`,
      as: 'superadmin@demo.com',
    });
    expect(ok.statusCode).toBe(204);
  });
});

describe('GET /api/apps/ecommerce/orders', () => {
  it('lists 10 of 100 orders in id order with the spec fields', async () => {
    const body = await get<Orders>('/api/apps/ecommerce/orders');
    expect(body.total).toBe(100);
    expect(body.orders).toHaveLength(10);
    const o = body.orders[0];
    expect(Object.keys(o).sort()).toEqual(
      [
        'avatar',
        'customer',
        'date',
        'email',
        'id',
        'method',
        'methodNumber',
        'order',
        'payment',
        'spent',
        'status',
        'time',
      ].sort(),
    );
    expect(o.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(o.time).toMatch(/^\d{2}:\d{2}$/);
    expect(o.payment).toBeGreaterThanOrEqual(1);
    expect(o.payment).toBeLessThanOrEqual(4);
    const all = ids((await get<Orders>('/api/apps/ecommerce/orders?itemsPerPage=-1')).orders);
    expect(all).toEqual([...all].sort((a, b) => a - b));
  });

  it('searches customer, email and order number', async () => {
    const all = (await get<Orders>('/api/apps/ecommerce/orders?itemsPerPage=-1')).orders;
    const fields = (o: TOrder) => [o.customer, o.email, String(o.order)];
    for (const q of [searchTermFrom(all[7].customer), all[12].email.split('@')[0].slice(0, 6), String(all[20].order)]) {
      const body = await get<Orders>(`/api/apps/ecommerce/orders?itemsPerPage=-1&q=${encodeURIComponent(q)}`);
      const expected = idsMatching(all, q, fields);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(ids(body.orders), q).toEqual(expected);
      expect(body.total).toBe(expected.length);
    }
  });
});

sortCases<TOrder>('/api/apps/ecommerce/orders', 'orders', {
  order: (o) => o.order,
  customers: (o) => o.customer,
  date: (o) => `${o.date}T${o.time}`,
  status: (o) => o.status,
  spent: (o) => o.spent,
});

describe('DELETE /api/apps/ecommerce/orders/{id}', () => {
  it('deletes the order and always answers 204', async () => {
    const before = (await get<Orders>('/api/apps/ecommerce/orders?itemsPerPage=-1')).orders;
    const victim = before[0].id;
    for (const id of [String(victim), String(victim), '999999', 'abc']) {
      const res = await t.request({ method: 'DELETE', url: `/api/apps/ecommerce/orders/${id}`, as: ADMIN });
      expect(res.statusCode, id).toBe(204);
      expect(res.body).toBe('');
    }
    const after = await get<Orders>('/api/apps/ecommerce/orders?itemsPerPage=-1');
    expect(after.total).toBe(before.length - 1);
    expect(ids(after.orders)).not.toContain(victim);
  });

  it('refuses roles that may only read (403)', async () => {
    const res = await t.request({ method: 'DELETE', url: '/api/apps/ecommerce/orders/1', as: 'businessuser@demo.com' });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/apps/ecommerce/customers', () => {
  it('lists 10 of 100 customers with the spec fields', async () => {
    const body = await get<Customers>('/api/apps/ecommerce/customers');
    expect(body.total).toBe(100);
    expect(body.customers).toHaveLength(10);
    const c = body.customers[0];
    expect(Object.keys(c).sort()).toEqual(
      [
        'avatar',
        'country',
        'countryCode',
        'countryFlag',
        'customer',
        'customerId',
        'email',
        'id',
        'order',
        'totalSpent',
      ].sort(),
    );
    expect(c.countryCode).toMatch(/^[a-z]{2}$/);
    expect([...c.countryFlag]).toHaveLength(2);
  });

  it('searches customer, country and email', async () => {
    const all = (await get<Customers>('/api/apps/ecommerce/customers?itemsPerPage=-1')).customers;
    const fields = (c: TEcommerceCustomer) => [c.customer, c.country, c.email];
    for (const q of [
      searchTermFrom(all[4].customer),
      all[9].country.slice(0, 5),
      all[30].email.split('@')[0].slice(-5),
    ]) {
      const body = await get<Customers>(`/api/apps/ecommerce/customers?itemsPerPage=-1&q=${encodeURIComponent(q)}`);
      const expected = idsMatching(all, q, fields);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(ids(body.customers), q).toEqual(expected);
    }
  });
});

sortCases<TEcommerceCustomer>('/api/apps/ecommerce/customers', 'customers', {
  customer: (c) => c.customer,
  country: (c) => c.country,
  customerId: (c) => c.customerId,
  orders: (c) => c.order,
  totalSpent: (c) => c.totalSpent,
});

describe('GET /api/apps/ecommerce/customers/{id}', () => {
  it('finds the customer by customer number and adds status and contact', async () => {
    const [c] = (await get<Customers>('/api/apps/ecommerce/customers?page=4')).customers;
    const detail = await get<TEcommerceCustomerDetail>(`/api/apps/ecommerce/customers/${c.customerId}`);
    expect(detail).toMatchObject({ ...c, status: 'Active' });
    expect(detail.contact).toMatch(/^\+1 \(\d{3}\) 555-\d{4}$/);
  });

  it('answers 404 with an empty body when no customer has that number', async () => {
    const all = (await get<Customers>('/api/apps/ecommerce/customers?itemsPerPage=-1')).customers;
    const rowId = all[0].id; // a row id is not a customer number
    expect(all.some((c) => c.customerId === rowId)).toBe(false);
    for (const id of [String(rowId), '1', 'abc', '12.5']) {
      expectEmpty404(await t.request({ method: 'GET', url: `/api/apps/ecommerce/customers/${id}`, as: ADMIN }));
    }
  });
});

describe('GET /api/apps/ecommerce/reviews', () => {
  it('lists 10 of 100 reviews with the spec fields', async () => {
    const body = await get<Reviews>('/api/apps/ecommerce/reviews');
    expect(body.total).toBe(100);
    const r = body.reviews[0];
    expect(Object.keys(r).sort()).toEqual(
      [
        'avatar',
        'companyName',
        'date',
        'email',
        'head',
        'id',
        'para',
        'product',
        'productImage',
        'review',
        'reviewer',
        'status',
      ].sort(),
    );
    expect(r.review).toBeGreaterThanOrEqual(1);
    expect(r.review).toBeLessThanOrEqual(5);
  });

  it('searches product, reviewer, email, head and text', async () => {
    const all = (await get<Reviews>('/api/apps/ecommerce/reviews?itemsPerPage=-1')).reviews;
    const fields = (r: TReview) => [r.product, r.reviewer, r.email, r.head, r.para];
    const terms = [
      searchTermFrom(all[1].product),
      searchTermFrom(all[2].reviewer),
      all[3].email.split('@')[0].slice(0, 5),
      searchTermFrom(all[4].head),
      searchTermFrom(all[5].para),
    ];
    for (const q of terms) {
      const body = await get<Reviews>(`/api/apps/ecommerce/reviews?itemsPerPage=-1&q=${encodeURIComponent(q)}`);
      const expected = idsMatching(all, q, fields);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(ids(body.reviews), q).toEqual(expected);
    }
  });

  it('filters by status, "All" meaning any, and rejects unknown statuses', async () => {
    const all = (await get<Reviews>('/api/apps/ecommerce/reviews?itemsPerPage=-1')).reviews;
    expect((await get<Reviews>('/api/apps/ecommerce/reviews?status=All')).total).toBe(100);
    for (const status of ['Published', 'Pending'] as const) {
      const body = await get<Reviews>(`/api/apps/ecommerce/reviews?itemsPerPage=-1&status=${status}`);
      expect(ids(body.reviews)).toEqual(ids(all.filter((r) => r.status === status)));
    }
    const res = await t.request({ method: 'GET', url: '/api/apps/ecommerce/reviews?status=Hidden', as: ADMIN });
    expect(res.statusCode).toBe(400);
  });
});

sortCases<TReview>('/api/apps/ecommerce/reviews', 'reviews', {
  product: (r) => r.product,
  reviewer: (r) => r.reviewer,
  date: (r) => r.date,
  status: (r) => r.status,
});

describe('DELETE /api/apps/ecommerce/reviews/{id}', () => {
  it('deletes (204) and then answers 404 with an empty body', async () => {
    const [r] = (await get<Reviews>('/api/apps/ecommerce/reviews')).reviews;
    const res = await t.request({ method: 'DELETE', url: `/api/apps/ecommerce/reviews/${r.id}`, as: ADMIN });
    expect(res.statusCode).toBe(204);
    expect((await get<Reviews>('/api/apps/ecommerce/reviews')).total).toBe(99);
    expectEmpty404(await t.request({ method: 'DELETE', url: `/api/apps/ecommerce/reviews/${r.id}`, as: ADMIN }));
    expectEmpty404(await t.request({ method: 'DELETE', url: '/api/apps/ecommerce/reviews/nope', as: ADMIN }));
  });
});

describe('GET /api/apps/ecommerce/referrals', () => {
  it('lists 10 of 45 referrals with currency strings', async () => {
    const body = await get<Referrals>('/api/apps/ecommerce/referrals');
    expect(body.total).toBe(45);
    expect(body.referrals).toHaveLength(10);
    const r = body.referrals[0];
    expect(Object.keys(r).sort()).toEqual(
      ['avatar', 'earning', 'email', 'id', 'referredId', 'status', 'user', 'value'].sort(),
    );
    expect(r.value).toMatch(/^\$\d+\.\d{2}$/);
    expect(r.earning).toMatch(/^\$\d+\.\d{2}$/);
    const last = await get<Referrals>('/api/apps/ecommerce/referrals?page=5');
    expect(last.referrals).toHaveLength(5);
  });
});

sortCases<TReferral>('/api/apps/ecommerce/referrals', 'referrals', {
  users: (r) => r.user,
  'referred-id': (r) => r.referredId,
  earning: (r) => price(r.earning),
  value: (r) => price(r.value),
  status: (r) => r.status,
});

describe('e-commerce access', () => {
  const paths = [
    ['GET', '/api/apps/ecommerce/products'],
    ['DELETE', '/api/apps/ecommerce/products/1'],
    ['GET', '/api/apps/ecommerce/orders'],
    ['DELETE', '/api/apps/ecommerce/orders/1'],
    ['GET', '/api/apps/ecommerce/customers'],
    ['GET', '/api/apps/ecommerce/customers/1'],
    ['GET', '/api/apps/ecommerce/reviews'],
    ['DELETE', '/api/apps/ecommerce/reviews/1'],
    ['GET', '/api/apps/ecommerce/referrals'],
  ] as const;

  it('answers 401 without a session and 403 to the client role', async () => {
    for (const [method, url] of paths) {
      const anon = await t.request({ method, url });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      expect(anon.json<{ message: string }>().message).toBeTruthy();
      const client = await t.request({ method, url, as: 'client@demo.com' });
      expect(client.statusCode, `${method} ${url}`).toBe(403);
      expect(client.json<{ message: string }>().message).toBeTruthy();
    }
  });

  it('lets every other role read', async () => {
    for (const as of [
      'floormanager@demo.com',
      'teamleader@demo.com',
      'qualitycontrol@demo.com',
      'admin@nws.demo.com',
    ]) {
      expect((await get<Products>('/api/apps/ecommerce/products', as)).products.length).toBeGreaterThan(0);
    }
  });
});
