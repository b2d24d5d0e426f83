// Serves the Vite-built client: hashed assets with long caching, brotli or gzip files written at build
// time when the browser accepts them (vite.config.ts `precompress`), index.html for client routes.
// Unknown /api and /trpc paths answer JSON 404, never the HTML shell.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { routePreloader } from './route-preloads.ts';
import { isApiPath } from './session.ts';

export const clientPlugin = fp<{ dist: string }>(
  async (app, { dist }) => {
    const indexFile = path.join(dist, 'index.html');
    const hasClient = fs.existsSync(indexFile);
    const pageHtml = hasClient ? routePreloader(dist, fs.readFileSync(indexFile, 'utf8')) : null;
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
    } else {
      app.log.warn({ dist }, 'client bundle not found; run `npm run build`');
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0];
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(url) &&
        !url.startsWith('/assets/') &&
        path.extname(url) === '';
      if (wantsPage && pageHtml) {
        // The route's files announced in the page (route-preloads.ts): by the visitor's language and
        // whether a session cookie says they are signed in (the guard decides the rest in the browser).
        const cookies = request.cookies ?? {};
        const html = pageHtml(url, { signedIn: !!cookies.userData, language: cookies['od-language'] ?? 'en' });
        return reply.header('cache-control', 'no-cache').header('vary', 'cookie').type('text/html; charset=utf-8').send(html);
      }
      return reply.code(404).send({ message: `Not found: ${request.method} ${url}` });
    });
  },
  { name: 'client' },
);
