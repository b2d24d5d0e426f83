// Serves the Vite-built client: hashed assets from memory with long caching, brotli or gzip files
// written at build time when the browser accepts them (assets.ts), index.html for client routes.
// Unknown /api and /trpc paths answer JSON 404, never the HTML shell. The public sign-in pages come
// drawn for a visitor who is not signed in (drawn-pages.ts).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import { type Action, createAbility, type Subject } from '../../shared/abilities/index.ts';
import { USER_DATA_COOKIE } from '../../shared/constants/http.ts';
import { DRAWN_ATTRIBUTE } from '../../shared/constants/ui.ts';
import { accepted, assetsPlugin } from './assets.ts';
import { apiFetchAs, bootScriptRoute, drawnStateScript, isPhone, loadDrawer } from './drawn-pages.ts';
import { pageVisitor, personalise } from './page-session.ts';
import { routePreloader } from './route-preloads.ts';
import { isApiPath } from './session.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** A page is made per request: a quick brotli level (most of the gain at a fraction of level 11's time). */
const BROTLI_PAGE = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

export const clientPlugin = fp<{ dist: string }>(
  async (app, { dist }) => {
    const indexFile = path.join(dist, 'index.html');
    const hasClient = fs.existsSync(indexFile);
    const pageHtml = hasClient ? routePreloader(dist, fs.readFileSync(indexFile, 'utf8')) : null;
    const drawer = hasClient ? loadDrawer(dist, app.log) : null;
    if (hasClient) {
      await app.register(assetsPlugin, { dir: path.join(dist, 'assets') });
      if (drawer) bootScriptRoute(app);
    } else {
      app.log.warn({ dist }, 'client bundle not found; run `npm run build`');
    }
    app.setNotFoundHandler(async (request, reply) => {
      const [url, search = ''] = request.url.split('?');
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(url) &&
        !url.startsWith('/assets/') &&
        path.extname(url) === '';
      if (wantsPage && pageHtml) {
        // The route's files (and a list's first query) announced in the page (route-preloads.ts), by the
        // visitor's language and whether their session is live (the guard decides the rest in the
        // browser); a signed-in visitor's auth.me inlined (page-session.ts). That page is theirs alone:
        // never stored, by a shared cache or any other.
        const visitor = await pageVisitor(request);
        const me = visitor.me;
        const ability = me ? createAbility(me.userAbilityRules) : null;
        const may = (access: { action?: string; subject?: string; roles?: string[] }) =>
          !!me &&
          !!ability &&
          (!access.action || ability.can(access.action as Action, access.subject as Subject)) &&
          (!access.roles || access.roles.includes(me.userData.role_name));
        // A visitor who is not signed in gets the public sign-in pages drawn, a signed-in one the list
        // pages and, on a phone, the inspector's pages, with their first query answered (drawn-pages.ts).
        const drawn = !drawer
          ? null
          : me
            ? await drawer.draw(url, search, visitor, {
                me,
                cookies: request.headers.cookie ?? '',
                phone: isPhone(request),
                fetch: apiFetchAs(app, request),
              })
            : !request.cookies?.[USER_DATA_COOKIE]
              ? await drawer.draw(url, search, visitor)
              : null;
        let html = personalise(
          pageHtml(url, { signedIn: !!me, language: visitor.language, search, may, drawn: drawn !== null }),
          visitor,
        );
        if (drawn !== null) {
          html = html.replace('<div id="root"></div>', `<div id="root" ${DRAWN_ATTRIBUTE}>${drawn.html}</div>`);
          if (drawn.state) html = html.replace('</head>', `${drawnStateScript(drawn.state)}</head>`);
        }
        reply
          .header('cache-control', visitor.me ? 'private, no-store' : 'no-cache')
          .header('vary', 'cookie, accept-encoding')
          .type('text/html; charset=utf-8');
        // Compressed here: @fastify/compress compresses the answers of routes, and a page is the
        // not-found handler's (a drawn page, its stylesheets inline, is some hundred kilobytes of text).
        const encodings = accepted(request.headers['accept-encoding']);
        if (html.length < 1024 || request.method === 'HEAD') return reply.send(html);
        if (encodings.has('br')) return reply.header('content-encoding', 'br').send(await brotli(html, BROTLI_PAGE));
        if (encodings.has('gzip')) return reply.header('content-encoding', 'gzip').send(await gzip(html));
        return reply.send(html);
      }
      return reply.code(404).send({ message: `Not found: ${request.method} ${url}` });
    });
  },
  { name: 'client' },
);
