// The public sign-in pages drawn by the server (drawn-pages.ts) as a visitor's browser receives them:
// the form in the HTML, in the visitor's language and theme, its stylesheets applied from the start and
// the app's entry started by the boot script; never for a signed-in visitor or any other page.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../testing/app.ts';

const t = await setupTestApp();

const get = (url: string, cookies: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, cookies });

describe('drawn sign-in pages', () => {
  it('draws /login for a visitor: the form in #root, its stylesheets inline, no script fetched before the paint', async () => {
    const res = await get('/login');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<div id="root" data-drawn>.*<h1[^>]*>Welcome to Opsdesk<\/h1>/s);
    expect(res.body).toMatch(/<input[^>]*name="email"/);
    // Each stylesheet's rules inline, then a link the browser does not fetch (an unknown type) naming the
    // file, so the app's loader does not ask for it again; none fetched before the paint.
    const inlined = [...res.body.matchAll(/<link rel="stylesheet" type="text\/x-inlined-css" href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(inlined.some((href) => /^\/assets\/entry-[\w-]+\.css$/.test(href))).toBe(true);
    expect(inlined.some((href) => /^\/assets\/AuthCard-[\w-]+\.css$/.test(href))).toBe(true);
    for (const href of inlined)
      expect(res.body).toContain(
        `<style>${(await get(href)).body}</style><link rel="stylesheet" type="text/x-inlined-css" href="${href}">`,
      );
    expect(res.body).not.toMatch(/<link rel="stylesheet" crossorigin/);
    // The weights the form paints with (regular, semibold), so the app's text is no larger than the drawing's.
    for (const weight of [400, 600])
      expect(res.body).toMatch(
        new RegExp(`<link rel="preload" href="/assets/public-sans-latin-${weight}-normal-[\\w-]+\\.woff2" as="font"`),
      );
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).not.toMatch(/<script type="module"/);
    const boot =
      /<script src="\/boot\.js" data-entry="(\/assets\/index-[\w-]+\.js)" data-preload="([^"]+)" defer><\/script>/.exec(
        res.body,
      );
    const entry = boot?.[1];
    expect(entry).toBeTruthy();
    expect((await get(entry!)).statusCode).toBe(200);
    // The page's own scripts, which the boot script announces once the drawing has painted.
    const preloads = boot![2].split(' ');
    expect(preloads.some((href) => /^\/assets\/LoginPage-[\w-]+\.js$/.test(href))).toBe(true);
    for (const href of preloads) expect((await get(href)).statusCode, href).toBe(200);
    const script = await get('/boot.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("document.addEventListener('submit'");
  });

  it('draws in the language and theme of the cookies, and the query string as text', async () => {
    const res = await get('/forgot-password?ssoError=%3Cscript%3Ex()%3C/script%3E', {
      'od-language': 'fr',
      'od-theme': 'dark',
    });
    expect(res.body).toMatch(/<html lang="fr" dir="ltr" data-theme="dark" data-color-mode="dark"/);
    expect(res.body).toMatch(/<div id="root" data-drawn><div data-component="ThemeProvider" data-color-mode="dark"/);
    expect(res.body).toMatch(/<div id="root" data-drawn>.*Mot de passe oublié/s);
    expect(res.body).not.toContain('<script>x()');
  });

  it('draws nothing for a visitor with a session cookie, nor any other page', async () => {
    for (const [url, cookies] of [
      ['/login', { userData: '{"id":1}' }],
      ['/tasks', {}],
      ['/reset-password', {}],
    ] as const) {
      const res = await get(url, cookies);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('/boot.js');
    }
  });
});
