// The compatibility layer (/api) publishes its own OpenAPI 3.1 document, generated from the routes' zod
// schemas: valid for a standard validator, every /api route in it (none of the business API's), open
// without a session, and offered on the local reference page beside the business API's.
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../testing/app.ts';
import { listRoutes } from '../testing/routes.ts';

const t = await setupTestApp();

describe('the compatibility API document', () => {
  it('is valid OpenAPI 3.1 and lists every /api route but the business API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);

    const routes = listRoutes(t.app).filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/v1/') &&
        !r.url.startsWith('/api/docs') &&
        r.url !== '/api/openapi.json' &&
        !['HEAD', 'OPTIONS'].includes(r.method),
    );
    expect(routes.length).toBeGreaterThan(80);
    const missing = routes.filter((r) => !doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1'))).toEqual([]);
    // A route that renames its input is documented as it is called (`id` in the path, not `customerId`).
    expect(JSON.stringify(doc.paths['/api/apps/ecommerce/customers/{id}'].get)).toContain('"name":"id"');
    expect(JSON.stringify(doc.paths['/api/apps/invoice'].get)).toContain('selectedDateRange');
  });

  it('is open without a session and offered on the reference page beside the business API', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('/api/openapi.json');
    expect(init.body).toContain('/api/v1/openapi.json');
  });
});
