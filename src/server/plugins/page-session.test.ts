// The served index.html per visitor (cold loads): a signed-in visitor's auth.me inlined
// (escaped, never cached by anyone), their list's first query announced; nothing of the kind for a
// visitor without a live session; <html> attributes from the preference cookies.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import superjson from 'superjson';
import { afterAll, describe, expect, it } from 'vitest';
import { User } from '../domains/organization/users/user.entity.ts';
import { setupTestApp } from '../testing/app.ts';
import { documentPreferences, SESSION_SCRIPT_ID, scriptSafeJson } from './page-session.ts';

// The built client without the server's drawings beside it (no dist/ssr next to it): every page is sent
// undrawn, so its list is announced for the browser to fetch. (Drawn pages bring the answer along
// instead: src/client/app/drawn-page.browser.test.ts.)
const undrawn = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-undrawn-'));
fs.symlinkSync(path.resolve('dist/client'), path.join(undrawn, 'client'));
afterAll(() => fs.rmSync(undrawn, { recursive: true, force: true }));
const t = await setupTestApp({ CLIENT_DIST: path.join(undrawn, 'client') });

/** The cookies a browser holds after signing in through the API. */
async function signIn(email: string, password: string): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(201);
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

const page = (url: string, cookies: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, cookies });

/** The inlined auth.me result, parsed as the client does (lib/session.tsx), or null. */
function inlined(body: string): { userData: { email: string; fullName: string }; userAbilityRules: unknown[] } | null {
  const m = new RegExp(`<script type="application/json" id="${SESSION_SCRIPT_ID}">(.*?)</script>`).exec(body);
  return m ? superjson.parse(m[1]) : null;
}

const LIST = '/management/location-setting';
const FETCH_PRELOAD = /<link rel="preload" href="(\/trpc\/locations\.list\?[^"]+)" as="fetch" crossorigin>/;

describe('index.html for a signed-in visitor', () => {
  it("inlines their auth.me, announces the list's first query, and is never stored", async () => {
    const cookies = await signIn('admin@demo.com', 'admin');
    const res = await page(LIST, cookies);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/i);

    const me = inlined(res.body);
    expect(me?.userData.email).toBe('admin@demo.com');
    // The same as the API answers auth.me.
    const api = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', cookies });
    expect(me).toEqual(superjson.deserialize(api.json<{ result: { data: never } }>().result.data));

    // The announced query is the list's default page, and the normal procedure answers it for this session.
    const href = FETCH_PRELOAD.exec(res.body)?.[1].replaceAll('&amp;', '&');
    expect(href).toBeDefined();
    const list = await t.app.inject({ method: 'GET', url: href!, cookies });
    expect(list.statusCode).toBe(200);
    const [first] = list.json<{ result: { data: { json: { items: unknown[] } } } }[]>();
    expect(first.result.data.json.items.length).toBeGreaterThan(0);
    // Without the session the same URL is refused: the preload gives nothing the API would not.
    const anon = await t.app.inject({ method: 'GET', url: href! });
    expect(anon.statusCode).toBe(401);
  });

  it('announces no query for a list URL with its own state (the entry asks it with the filters)', async () => {
    const cookies = await signIn('admin@demo.com', 'admin');
    const res = await page(`${LIST}?page=2`, cookies);
    expect(inlined(res.body)).not.toBeNull();
    expect(res.body).not.toMatch(FETCH_PRELOAD);
  });

  it('escapes a name that would close the script: the page stays intact and the name reads back the same', async () => {
    const name = 'Eve </script><script>alert(1)</script> <!-- & \u2028';
    const em = t.orm.em.fork();
    await em.nativeUpdate(User, { email: 'analyst@demo.com' }, { fullName: name });
    const cookies = await signIn('analyst@demo.com', 'analyst');
    const res = await page('/', cookies);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<!--');
    // One inline script, closed where the server closed it.
    expect(res.body.match(new RegExp(`id="${SESSION_SCRIPT_ID}"`, 'g'))).toHaveLength(1);
    expect(inlined(res.body)?.userData.fullName).toBe(name);
  });
});

describe('index.html without a live session', () => {
  it('inlines nothing for a signed-out visitor and may be revalidated', async () => {
    const res = await page(LIST);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain(SESSION_SCRIPT_ID);
    expect(res.body).not.toMatch(FETCH_PRELOAD);
  });

  it('inlines nothing when the session cookie is missing, unknown or revoked (the client signs them out)', async () => {
    const cookies = await signIn('admin@demo.com', 'admin');
    const { accessToken, ...withoutToken } = cookies;
    for (const jar of [withoutToken, { ...cookies, accessToken: 'not-a-session' }]) {
      const res = await page(LIST, jar);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).not.toContain(SESSION_SCRIPT_ID);
      expect(res.body).not.toMatch(FETCH_PRELOAD);
    }
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(logout.statusCode).toBeLessThan(300);
    const res = await page(LIST, cookies);
    expect(res.body).not.toContain(SESSION_SCRIPT_ID);
  });
});

describe('document preferences', () => {
  it("sets lang, dir, theme (Primer's colour mode) and the primary colour from the cookies, the way the client derives them", async () => {
    const res = await page('/login', { 'od-language': 'ar', 'od-theme': 'system', 'od-color-scheme': 'dark' });
    expect(res.body).toContain(
      '<html lang="ar" dir="rtl" data-theme="dark" data-color-mode="dark" data-light-theme="light" data-dark-theme="dark" style="--od-primary: #7367F0; color-scheme: dark;">',
    );
    expect(documentPreferences({ 'od-language': 'ar', 'od-direction': 'ar:ltr' })).toEqual({
      language: 'ar',
      dir: 'ltr',
      theme: 'light',
      primary: '#7367F0',
      skin: 'default',
    });
    expect(
      documentPreferences({
        'od-language': 'fr',
        'od-direction': 'ar:rtl',
        'od-theme': 'dark',
        'od-darkThemePrimaryColor': '#0d9488',
        'od-lightThemePrimaryColor': '#FF0000',
        'od-skin': 'bordered',
      }),
    ).toEqual({ language: 'fr', dir: 'ltr', theme: 'dark', primary: '#0D9488', skin: 'bordered' });
    expect((await page('/login', { 'od-skin': 'bordered' })).body).toContain('<body class="skin--bordered">');
  });

  it('ignores cookie values it does not know (no markup from a cookie reaches the page)', async () => {
    const res = await page('/login', {
      'od-language': '"><script>x()</script>',
      'od-theme': '"onload="x',
      'od-lightThemePrimaryColor': 'red;"><b>',
      'od-skin': '"><i>',
    });
    expect(res.body).toContain('<body class="skin--default">');
    expect(res.body).toMatch(/<html lang="en" dir="ltr" data-theme="light" [^>]*--od-primary: #7367F0;/);
    expect(res.body).not.toContain('x()');
  });
});

describe('scriptSafeJson', () => {
  it('leaves no <, >, & or line separators, and JSON.parse reads the same value', () => {
    const value = { s: '</script><!-- a & b > c \u2028\u2029' };
    const safe = scriptSafeJson(JSON.stringify(value));
    expect(safe).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(value);
  });
});
