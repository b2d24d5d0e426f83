// NUL characters and unpaired surrogates anywhere in a REST request's path, query or body are refused
// once, by the /api scope, with 400 naming the field (they used to reach PostgreSQL and answer 500).
import { describe, expect, it } from 'vitest';
import { UNSAFE_STRING_MESSAGE } from '../lib/unsafe-strings.ts';
import { setupTestApp } from '../testing/app.ts';

const t = await setupTestApp();
const ADMIN = 'admin@demo.com';

const refused = (field: string) => ({
  message: `${field}: ${UNSAFE_STRING_MESSAGE}`,
  errors: { [field]: [UNSAFE_STRING_MESSAGE] },
});

describe('unsafe strings in REST requests', () => {
  it('refuses them in a list filter (q)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/apps/ecommerce/products?q=shoe%00', as: ADMIN });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('q'));
  });

  it('refuses them in a CSV export filter', async () => {
    const res = await t.request({ method: 'GET', url: '/api/export/customers.csv?q=%00', as: 'superadmin@demo.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('q'));
  });

  it('refuses them in body fields, lone surrogates included', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/apps/calendar',
      as: ADMIN,
      headers: { 'content-type': 'application/json' },
      payload: '{"title":"Visit \\ud800","start":"2030-01-01","extendedProps":{"calendar":"Business"}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('title'));
  });

  it('refuses them in the open login', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `admin@demo.com${'\u0000'}`, password: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('email'));
  });

  it('still answers 401 first to a caller without a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/apps/ecommerce/products?q=%00' })).statusCode).toBe(401);
  });
});
