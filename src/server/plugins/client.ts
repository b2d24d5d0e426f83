// Serves the Vite-built client: hashed assets with long caching, brotli or gzip files written at build
// time when the browser accepts them (vite.config.ts `precompress`), index.html for client routes.
// Unknown /api and /trpc paths answer JSON 404, never the HTML shell.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { isApiPath } from './session.ts';

export const clientPlugin = fp<{ dist: string }>(
  async (app, { dist }) => {
    const indexFile = path.join(dist, 'index.html');
    const hasClient = fs.existsSync(indexFile);
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
      if (wantsPage && hasClient) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
      }
      return reply.code(404).send({ message: `Not found: ${request.method} ${url}` });
    });
  },
  { name: 'client' },
);
