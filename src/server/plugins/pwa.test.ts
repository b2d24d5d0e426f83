// The installable app's root files: the manifest in the visitor's language with icons that are real
// PNGs of the sizes it names, the service worker and the shell it precaches, both revalidated at every
// request, the shell never carrying a visitor's session.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../testing/app.ts';

const t = await setupTestApp();

const get = (url: string, cookies: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, cookies });

interface Manifest {
  name: string;
  description: string;
  lang: string;
  dir: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; purpose: string }[];
}

describe('web app manifest', () => {
  it("speaks the visitor's language and names installable icons that exist at their sizes", async () => {
    const en = await get('/manifest.webmanifest');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(en.headers.vary).toMatch(/cookie/i);
    const manifest = en.json<Manifest>();
    expect(manifest).toMatchObject({ name: 'Opsdesk', lang: 'en', dir: 'ltr', start_url: '/', display: 'standalone' });

    const ar = (await get('/manifest.webmanifest', { 'od-language': 'ar' })).json<Manifest>();
    expect(ar).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(ar.description).not.toBe(manifest.description);
    expect((await get('/manifest.webmanifest', { 'od-language': 'fr' })).json<Manifest>().description).toMatch(
      /terrain/,
    );

    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
      const res = await get(icon.src);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    expect((await get('/icons/nope.png')).statusCode).toBe(404);
  });
});

describe('service worker and offline shell', () => {
  it('serves the worker and the plain shell, revalidated at every request, with no session inlined', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    // Precaches the shell; routes no API path.
    expect(worker.body).toContain('index.html');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'qualitycontrol@demo.com', password: 'qualitycontrol' },
    });
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    const shell = await get('/index.html?__WB_REVISION__=abc', cookies);
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.body).toContain('<div id="root">');
    expect(shell.body).toContain('rel="manifest"');
    expect(shell.body).not.toContain('od-session');
    expect(shell.body).not.toContain('qualitycontrol');
  });
});
