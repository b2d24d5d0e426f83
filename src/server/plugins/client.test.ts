import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../testing/app.ts';

const t = await setupTestApp();

/**
 * The app's main script: the `entry` chunk (scripts/chunk-groups.ts) every page loads first. The HTML's
 * own module only imports it, and at under 1 KB is not precompressed.
 */
async function firstScript(): Promise<string> {
  const page = await t.app.inject({ method: 'GET', url: '/management/location-setting' });
  const src = /<link rel="modulepreload"[^>]*href="(\/assets\/entry-[\w-]+\.js)"/.exec(page.body)?.[1];
  if (!src) throw new Error('no entry chunk announced by the shell page');
  return src;
}

describe('client assets', () => {
  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, identical once decoded', async () => {
    const url = await firstScript();
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('sends the pages themselves compressed too (a drawn page carries its stylesheets inline)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('data-drawn');
    const br = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('lets browsers keep hashed assets for a year and revalidate the shell page', async () => {
    const url = await firstScript();
    const asset = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('caches every hashed asset, however encoded, and revalidates the shell at every client route', async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/management/location-setting?page=2' });
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    expect(shell.headers['cache-control']).toBe('no-cache');
    const css = /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(shell.body)?.[1];
    expect(css).toBeDefined();
    for (const encoding of ['br', 'gzip', 'identity']) {
      for (const url of [await firstScript(), css!]) {
        const asset = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(asset.statusCode, `${url} ${encoding}`).toBe(200);
        expect(asset.headers['cache-control'], `${url} ${encoding}`).toBe('public, max-age=31536000, immutable');
      }
    }
    // A missing asset is a 404, never the shell page (which a year-long cache would then keep).
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-12345678.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    expect(missing.headers['content-type']).toMatch(/json/);
  });
});

describe('client assets from memory', () => {
  it('answers a revalidation with 304, honours q=0, and keeps build files that are not assets private', async () => {
    const url = await firstScript();
    const first = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The same etag whatever the encoding: it names the file's content.
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.etag).toBe(etag);
    const refused = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/javascript/);
    for (const file of [
      '/route-preloads.json',
      '/.vite/manifest.json',
      '/index.html.br',
      '/assets/../route-preloads.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: file });
      expect(res.statusCode, file).toBe(404);
    }
    // The one built page answered by its name: the plain shell the service worker precaches (pwa.ts).
    const shell = await t.app.inject({ method: 'GET', url: '/assets/../index.html' });
    expect([shell.statusCode, shell.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
  });
});

describe('API responses', () => {
  it('are compressed over 1 KB when the client accepts it, and decode to the same JSON', async () => {
    const token = await t.token('admin@demo.com');
    const url = '/api/apps/ecommerce/products?itemsPerPage=50';
    const headers = { authorization: `Bearer ${token}` };
    const plain = await t.app.inject({ method: 'GET', url, headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('tRPC answers too: over 1 KB compressed, decoding to the same JSON; a small one as it is, in one piece with its length', async () => {
    const headers = { authorization: `Bearer ${await t.token('admin@demo.com')}`, 'accept-encoding': 'br, gzip' };
    const url = `/trpc/locations.list?input=${encodeURIComponent(JSON.stringify({ json: { itemsPerPage: 50 } }))}`;
    const plain = await t.app.inject({ method: 'GET', url, headers: { authorization: headers.authorization } });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ method: 'GET', url, headers });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/trpc/notifications.unreadCount', headers });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.rawPayload.length);
    expect(typeof small.json<{ result: { data: { json: { count: unknown } } } }>().result.data.json.count).toBe(
      'number',
    );
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
