// Shop categories as their own table and product create / update: counts and totals in SQL,
// rename carried to the products, delete refused while used, versions, 4xx naming the field (a product
// in stock with quantity 0 among them).
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';

const t = await setupTestApp();

const product = {
  productName: 'Walnut desk organiser',
  productBrand: 'Oakline',
  description: 'Three trays and a pen rail.',
  stock: true,
  sku: '480113',
  price: 39.5,
  discount: 10,
  qty: 12,
  status: 'Published' as const,
  image: '',
};

describe('apps.ecommerce categories and product writes', () => {
  it('lists each category with its product count and stock value, matching the products', async () => {
    const api = (await t.caller('analyst@demo.com')).apps.ecommerce;
    const categories = (await api.categories.list({ itemsPerPage: -1 })).items;
    expect(categories.map((c) => c.name).sort()).toEqual([
      'Accessories',
      'Electronics',
      'Games',
      'Home Decor',
      'Office',
      'Shoes',
    ]);
    const products = (await api.products.list({ itemsPerPage: -1 })).items;
    for (const c of categories) {
      const used = products.filter((p) => p.category === c.name);
      expect(c.productCount).toBe(used.length);
      expect(c.totalValue).toBeCloseTo(
        used.reduce((sum, p) => sum + Number(p.price.slice(1)) * p.qty, 0),
        2,
      );
    }
    const byCount = (await api.categories.list({ itemsPerPage: -1, sortBy: 'products', orderBy: 'desc' })).items;
    expect(byCount.map((c) => c.productCount)).toEqual([...byCount.map((c) => c.productCount)].sort((a, b) => b - a));
  });

  it('creates, renames (carried to its products) and deletes a category; a used one is refused by name', async () => {
    const api = (await t.caller('admin@demo.com')).apps.ecommerce;
    const created = await api.categories.save({ name: 'Stationery', description: 'Paper and pens' });
    expect(created).toMatchObject({ name: 'Stationery', productCount: 0, totalValue: 0, version: 1 });
    expect(await codeOf(api.categories.save({ name: 'Stationery' }))).toBe('CONFLICT');
    const made = await api.products.save({ ...product, category: 'Stationery' });
    const renamed = await api.categories.save({ id: created.id, name: 'Desk supplies', version: created.version });
    expect(renamed).toMatchObject({ name: 'Desk supplies', productCount: 1, version: 2 });
    expect(renamed.totalValue).toBeCloseTo(39.5 * 12, 2);
    expect((await api.products.byId({ id: made.id })).category).toBe('Desk supplies');
    expect(await codeOf(api.categories.save({ id: created.id, name: 'Old read', version: created.version }))).toBe(
      'CONFLICT',
    );
    const refused = await api.categories.delete({ id: created.id }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'CONFLICT' });
    expect(String((refused as Error).message)).toContain('"Desk supplies" is used by 1 product');
    await api.products.delete({ id: made.id });
    expect(await api.categories.delete({ id: created.id })).toEqual({ deleted: true });
    expect(await codeOf(api.categories.delete({ id: created.id }))).toBe('NOT_FOUND');
  });

  it('creates and updates a product with a version; a stale version is a conflict; bad input names the field', async () => {
    const api = (await t.caller('superadmin@demo.com')).apps.ecommerce;
    const made = await api.products.save({ ...product, category: 'Office' });
    expect(made).toMatchObject({ ...product, category: 'Office', version: 1 });
    const listed = (await api.products.list({ q: 'Walnut desk organiser', itemsPerPage: -1 })).items;
    expect(listed.map((p) => p.id)).toContain(made.id);
    const updated = await api.products.save({
      ...product,
      id: made.id,
      category: 'Office',
      price: 42,
      qty: 3,
      version: made.version,
    });
    expect(updated).toMatchObject({ price: 42, qty: 3, version: 2 });
    expect(
      await codeOf(api.products.save({ ...product, id: made.id, category: 'Office', version: made.version })),
    ).toBe('CONFLICT');
    const badCategory = await api.products.save({ ...product, category: 'Nope' }).catch((e: unknown) => e);
    expect(badCategory).toMatchObject({ code: 'BAD_REQUEST' });
    expect(JSON.stringify(badCategory)).toContain('category');
    const badPrice = await api.products.save({ ...product, category: 'Office', price: -1 }).catch((e: unknown) => e);
    expect(badPrice).toMatchObject({ code: 'BAD_REQUEST' });
    expect(JSON.stringify(badPrice)).toContain('price');
    expect(await codeOf(api.products.save({ ...product, id: 2_000_000, category: 'Office' }))).toBe('NOT_FOUND');
  });

  it('takes a SKU with letters, digits and "-", "_", "." (the database too); other SKUs are BAD_REQUEST naming sku', async () => {
    const api = (await t.caller('admin@demo.com')).apps.ecommerce;
    const tee = { ...product, productName: 'Red tee XL', category: 'Shoes' };
    const made = await api.products.save({ ...tee, sku: 'TSH-RED-XL' });
    expect(made.sku).toBe('TSH-RED-XL');
    const again = await api.products.save({ ...tee, id: made.id, sku: ' tsh_red.xl-2 ', version: made.version });
    expect(again.sku).toBe('tsh_red.xl-2');
    const listed = (await api.products.list({ q: 'Red tee', itemsPerPage: -1 })).items;
    expect(listed.map((p) => p.sku)).toEqual(['tsh_red.xl-2']);
    // The REST list keeps the demo's numeric SKUs as numbers and a shop's own as it was written.
    const rest = await t.request({ url: '/api/apps/ecommerce/products?itemsPerPage=-1', as: 'admin@demo.com' });
    const { products } = rest.json<{ products: { productName: string; sku: unknown }[] }>();
    expect(products.find((p) => p.productName === 'Red tee XL')?.sku).toBe('tsh_red.xl-2');
    expect(typeof products.find((p) => p.productName !== 'Red tee XL')?.sku).toBe('number');
    for (const sku of ['', 'TSH RED', '-TSH', 'TSH/RED', '<b>x</b>', 'Ü-1', 'x'.repeat(65)]) {
      const refused = await api.products.save({ ...product, sku, category: 'Shoes' }).catch((e: unknown) => e);
      expect(refused, sku).toMatchObject({ code: 'BAD_REQUEST' });
      expect(JSON.stringify(refused), sku).toContain('"sku"');
    }
    // The column's own check refuses what the schema would: no other writer stores a SKU with a space.
    await expect(
      t.orm.em.fork().getConnection().execute(`update ecommerce_products set sku = 'TSH RED' where id = ${made.id}`),
    ).rejects.toThrow(/ecommerce_products_sku_check/);
  });

  it('refuses a product in stock with quantity 0: BAD_REQUEST naming stock (HTTP 400), the database too', async () => {
    const api = (await t.caller('admin@demo.com')).apps.ecommerce;
    const refused = await api.products
      .save({ ...product, category: 'Office', stock: true, qty: 0 })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'BAD_REQUEST' });
    // As a browser or a script sends it: HTTP 400, the field named with the message.
    const res = await t.request({
      method: 'POST',
      url: '/trpc/apps.ecommerce.products.save',
      as: 'admin@demo.com',
      payload: { json: { ...product, category: 'Office', stock: true, qty: 0 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { json: { data: { fieldErrors: unknown } } } }>().error.json.data.fieldErrors).toEqual({
      stock: ['A product with quantity 0 cannot be in stock'],
    });
    // Out of stock at 0, in stock with some: both saved.
    const none = await api.products.save({ ...product, category: 'Office', stock: false, qty: 0 });
    expect(none).toMatchObject({ stock: false, qty: 0 });
    expect(await api.products.save({ ...product, category: 'Office', stock: true, qty: 1 })).toMatchObject({
      stock: true,
      qty: 1,
    });
    await expect(
      t.orm.em.fork().getConnection().execute(`update ecommerce_products set stock = true where id = ${none.id}`),
    ).rejects.toThrow(/ecommerce_products_stock_check/);
  });

  it('keeps a product gallery in the order sent, its first image being the one the lists show', async () => {
    const api = (await t.caller('admin@demo.com')).apps.ecommerce;
    const made = await api.products.save({
      ...product,
      category: 'Office',
      images: ['/api/files/1?inline=1', '/api/files/2?inline=1'],
    });
    expect(made).toMatchObject({
      images: ['/api/files/1?inline=1', '/api/files/2?inline=1'],
      image: '/api/files/1?inline=1',
    });
    const reordered = await api.products.save({
      ...product,
      id: made.id,
      category: 'Office',
      images: ['/api/files/2?inline=1', '/api/files/1?inline=1'],
      version: made.version,
    });
    expect((await api.products.byId({ id: made.id })).images).toEqual([
      '/api/files/2?inline=1',
      '/api/files/1?inline=1',
    ]);
    expect(
      (await api.products.list({ q: product.productName, itemsPerPage: -1 })).items.find((p) => p.id === made.id)
        ?.image,
    ).toBe('/api/files/2?inline=1');
    const tooMany = await api.products
      .save({
        ...product,
        id: made.id,
        category: 'Office',
        images: Array.from({ length: 9 }, (_, i) => `/api/files/${i}`),
        version: reordered.version,
      })
      .catch((e: unknown) => e);
    expect(tooMany).toMatchObject({ code: 'BAD_REQUEST' });
    expect(JSON.stringify(tooMany)).toContain('images');
    await api.products.delete({ id: made.id });
  });

  it('exports the categories with their counts and stock value as CSV; the client role may not', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/export/ecommerce-categories.csv?sortBy=name',
      as: 'analyst@demo.com',
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,name,description,products,stock_value');
    const listed = (
      await (await t.caller('analyst@demo.com')).apps.ecommerce.categories.list({ itemsPerPage: -1, sortBy: 'name' })
    ).items;
    expect(lines).toHaveLength(listed.length + 1);
    expect(lines[1].split(',')[1]).toBe(listed[0].name);
    expect(
      (await t.request({ method: 'GET', url: '/api/export/ecommerce-categories.csv', as: 'client@demo.com' }))
        .statusCode,
    ).toBe(403);
  });

  it('lets readers read only, refuses the client role, and keeps each shop copy to itself', async () => {
    const reader = (await t.caller('analyst@demo.com')).apps.ecommerce;
    const [first] = (await reader.categories.list({ itemsPerPage: 1 })).items;
    expect(await codeOf(reader.categories.save({ name: 'Reader made' }))).toBe('FORBIDDEN');
    expect(await codeOf(reader.categories.delete({ id: first.id }))).toBe('FORBIDDEN');
    expect(await codeOf(reader.products.save({ ...product, category: first.name }))).toBe('FORBIDDEN');
    const client = (await t.caller('client@demo.com')).apps.ecommerce;
    expect(await codeOf(client.categories.list({}))).toBe('FORBIDDEN');
    // The superadmin's (platform) copy does not hold the demo customer's categories.
    const admin = (await t.caller('admin@demo.com')).apps.ecommerce;
    const mine = await admin.categories.save({ name: 'Only in this shop' });
    const platform = (await t.caller('superadmin@demo.com')).apps.ecommerce;
    expect((await platform.categories.list({ q: 'Only in this shop' })).items).toEqual([]);
    expect(await codeOf(platform.categories.delete({ id: mine.id }))).toBe('NOT_FOUND');
  });
});
