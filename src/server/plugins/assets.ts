// The client's hashed assets (dist/client/assets), held in memory with their brotli and gzip files
// (written at build, vite.config.ts `precompress`) and answered without touching the disk. A cold page
// asks for dozens of them at once; read and streamed from disk per request (@fastify/static) they cost
// the server about 1 ms of CPU each, on the same cores the browser needs. Names carry a content hash,
// so a browser keeps them for a year; the etag answers revalidations with 304.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface Asset {
  type: string;
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Every asset under `dir` by its name, with its precompressed variants when present. */
export function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!fs.existsSync(dir)) return assets;
  for (const name of fs.readdirSync(dir)) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const file = path.join(dir, name);
    if (!fs.statSync(file).isFile()) continue;
    const identity = fs.readFileSync(file);
    const variant = (ext: string) => (fs.existsSync(`${file}${ext}`) ? fs.readFileSync(`${file}${ext}`) : undefined);
    assets.set(name, {
      type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${crypto.createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`,
      identity,
      br: variant('.br'),
      gzip: variant('.gz'),
    });
  }
  return assets;
}

/** The encodings a request accepts (q=0 refuses one), by name. */
export function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) names.add(name);
  }
  return names;
}

export const assetsPlugin = fp<{ dir: string }>(
  async (app: FastifyInstance, { dir }) => {
    const assets = loadAssets(dir);
    const serve = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
      const asset = assets.get(request.params['*']);
      if (!asset) return reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', asset.etag)
        .header('vary', 'accept-encoding')
        .type(asset.type);
      if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
      const encodings = accepted(request.headers['accept-encoding']);
      if (asset.br && encodings.has('br')) return reply.header('content-encoding', 'br').send(asset.br);
      if (asset.gzip && encodings.has('gzip')) return reply.header('content-encoding', 'gzip').send(asset.gzip);
      return reply.send(asset.identity);
    };
    // Not logged per request (a page load asks for dozens); failures still are.
    app.get('/assets/*', { logLevel: 'warn' }, serve);
  },
  { name: 'assets' },
);
