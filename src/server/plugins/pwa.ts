// The installable field app's files at the site's root: the web app manifest (in the visitor's language),
// its icons (rendered from our own mark with sharp, once per process), the service worker that
// vite-plugin-pwa writes at build (/sw.js) and the plain shell page it precaches (/index.html).
// The worker and the shell are answered `no-cache`, so a new version is seen at the next check; the
// shell here is never personalised (no session, no preload links): it is what a phone keeps for offline.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import sharp from 'sharp';
import { DEFAULT_PRIMARY_COLOR, type LanguageCode } from '../../shared/constants/ui.ts';
import { documentPreferences } from './page-session.ts';

export const MANIFEST_PATH = '/manifest.webmanifest';
export const SERVICE_WORKER_PATH = '/sw.js';
export const SHELL_PATH = '/index.html';

/** The manifest's words per language (the name is the brand in every language). */
const MANIFEST_TEXT: Record<LanguageCode, { description: string }> = {
  en: { description: 'Field quality work: inspections, customers and projects' },
  fr: { description: 'Qualité sur le terrain : inspections, clients et projets' },
  de: { description: 'Qualitätsarbeit vor Ort: Prüfungen, Kunden und Projekte' },
  ar: { description: 'أعمال الجودة الميدانية: عمليات التفتيش والعملاء والمشاريع' },
};

/** Our mark (components/Logo): a desk with a check, `fg` for the desk, `check` for the tick. */
function mark(fg: string, check: string): string {
  return (
    `<rect x="2" y="4" width="28" height="20" rx="6" fill="${fg}"/>` +
    `<path d="M10 14.5l4 4 8-8" fill="none" stroke="${check}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<rect x="8" y="26" width="16" height="3" rx="1.5" fill="${fg}" opacity=".55"/>`
  );
}

/**
 * The icons as SVG: `any` is the mark on white with rounded corners; `maskable` fills the square with the
 * primary colour and keeps the mark inside the central 60 % (the launcher may crop to a circle); the
 * Apple touch icon is square on white (iOS rounds it itself).
 */
const ICON_SVG = {
  any: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#fff"/><g transform="translate(4 3.5)">${mark(DEFAULT_PRIMARY_COLOR, '#fff')}</g></svg>`,
  maskable: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${DEFAULT_PRIMARY_COLOR}"/><g transform="translate(8 7.6) scale(.75)">${mark('#fff', DEFAULT_PRIMARY_COLOR)}</g></svg>`,
  apple: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#fff"/><g transform="translate(6 5.6) scale(.875)">${mark(DEFAULT_PRIMARY_COLOR, '#fff')}</g></svg>`,
} as const;

/** Each icon file: its drawing and size in pixels. */
export const ICONS: Record<string, { svg: keyof typeof ICON_SVG; size: number }> = {
  'icon-192.png': { svg: 'any', size: 192 },
  'icon-512.png': { svg: 'any', size: 512 },
  'icon-maskable-512.png': { svg: 'maskable', size: 512 },
  'apple-touch-icon.png': { svg: 'apple', size: 180 },
};

const rendered = new Map<string, Promise<Buffer>>();

/** The PNG of an icon, rendered once per process. */
export function iconPng(name: string): Promise<Buffer> | null {
  // An own key only: `constructor` or `__proto__` names no icon.
  const icon = Object.hasOwn(ICONS, name) ? ICONS[name] : undefined;
  if (!icon) return null;
  let png = rendered.get(name);
  if (!png) {
    png = sharp(Buffer.from(ICON_SVG[icon.svg]), { density: (72 * icon.size) / 40 })
      .resize(icon.size, icon.size)
      .png({ compressionLevel: 9 })
      .toBuffer();
    rendered.set(name, png);
  }
  return png;
}

/** The web app manifest in `language`: opens at `/` (the role's landing page: /tasks for an inspector). */
export function webManifest(language: LanguageCode, dir: 'ltr' | 'rtl'): Record<string, unknown> {
  return {
    id: '/',
    name: 'Opsdesk',
    short_name: 'Opsdesk',
    description: MANIFEST_TEXT[language].description,
    lang: language,
    dir,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: DEFAULT_PRIMARY_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** A file of the build read at each request (a new build's worker is seen without a restart); null when absent. */
async function readBuilt(dist: string, name: string): Promise<Buffer | null> {
  try {
    return await fs.promises.readFile(path.join(dist, name));
  } catch {
    return null;
  }
}

function notFound(reply: FastifyReply, url: string) {
  return reply.code(404).send({ message: `Not found: GET ${url}` });
}

export const pwaPlugin = fp<{ dist: string }>(
  async (app, { dist }) => {
    app.get(MANIFEST_PATH, async (request, reply) => {
      const { language, dir } = documentPreferences(request.cookies ?? {});
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .type('application/manifest+json; charset=utf-8')
        .send(JSON.stringify(webManifest(language, dir)));
    });

    app.get<{ Params: { name: string } }>('/icons/:name', { logLevel: 'warn' }, async (request, reply) => {
      const png = iconPng(request.params.name);
      if (!png) return notFound(reply, request.url);
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type('image/png')
        .send(await png);
    });

    // The worker: `no-cache` (the browser checks it at each navigation anyway, at most a day apart).
    app.get(SERVICE_WORKER_PATH, async (request, reply) => {
      const body = await readBuilt(dist, 'sw.js');
      if (!body) return notFound(reply, request.url);
      return reply.header('cache-control', 'no-cache').type('application/javascript; charset=utf-8').send(body);
    });

    // The shell the worker precaches (with a `__WB_REVISION__` query): the built page as it is, for nobody in
    // particular. Offline, the client reads its visitor from the userData cookie (lib/session.tsx).
    app.get(SHELL_PATH, async (request, reply) => {
      const body = await readBuilt(dist, 'index.html');
      if (!body) return notFound(reply, request.url);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(body);
    });
  },
  { name: 'pwa' },
);
