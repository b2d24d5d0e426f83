// The public sign-in pages drawn by the server for a visitor who is not signed in: the HTML of the
// page's first screen (the client's own components rendered by dist/ssr/entry-server.js, built from
// src/client/entry-server.tsx) inside #root, so a phone paints the form from the HTML and its
// stylesheets while the JavaScript is still on its way (route-preloads.ts `drawnShell`). The boot script
// served here starts the app's entry after that first paint and holds a submit pressed before the app
// runs (src/client/app/drawn-page.ts carries it over with what was typed). Without dist/ssr (a build
// without its second step) or when a drawing fails, the page is sent undrawn, as before.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import superjson from 'superjson';
import {
  DRAWN_ATTRIBUTE,
  DRAWN_CLICK_ATTRIBUTE,
  DRAWN_STATE_SCRIPT_ID,
  DRAWN_SUBMIT_ATTRIBUTE,
} from '../../shared/constants/ui.ts';
import { scriptSafeJson } from './page-session.ts';
import { BOOT_SCRIPT } from './route-preloads.ts';

type DrawVisitor = { language: string; theme: 'light' | 'dark' };

/** A signed-in visitor of a drawn page (src/client/entry-server.tsx `DrawSession`). */
export interface DrawSession {
  me: unknown;
  cookies: string;
  phone: boolean;
  fetch: typeof fetch;
}

/** A drawn page: its HTML (for #root) and, signed in, the answers it was drawn with (react-query's dehydrated state). */
export interface Drawing {
  html: string;
  state?: unknown;
}

interface DrawModule {
  drawPage(pathname: string, search: string, visitor: DrawVisitor, session?: DrawSession): Promise<Drawing | null>;
}

export interface Drawer {
  /**
   * The drawing of the page, or null when this build does not draw it for this visitor (the sign-in
   * pages without `session`, the inspector's pages on a phone with one) or it could not be drawn.
   */
  draw(pathname: string, search: string, visitor: DrawVisitor, session?: DrawSession): Promise<Drawing | null>;
}

/** How many of the page's scripts the boot script announces per task (each link costs the main thread). */
const PRELOADS_PER_TASK = 4;

/**
 * Starts the entry (its path in the tag's data-entry) once the drawn page has painted: a frame, then a
 * task; at the latest after a second (a tab opened in the background draws no frame). Then it announces
 * the entry's imports and the page's own scripts (data-preload) as module preloads, a few per task: they
 * are fetched while the entry runs, and Vite's loader, which would add each link itself (about half a millisecond each, 80 in
 * one task for the inspector's /tasks), finds them in the document. Until the app has replaced the
 * drawing, a submitted form is held and a pressed button (not a submit) noted, by index, for the app to
 * submit or press again.
 */
const BOOT_SOURCE = `(() => {
  const entry = document.currentScript.dataset.entry;
  const preloads = (document.currentScript.dataset.preload || '').split(' ').filter(Boolean);
  let started = false;
  const announce = () => {
    for (const href of preloads.splice(0, ${PRELOADS_PER_TASK})) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    if (preloads.length) setTimeout(announce);
  };
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
    announce();
  };
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 1000);
  const drawing = () => {
    const root = document.getElementById('root');
    return root && root.hasAttribute('${DRAWN_ATTRIBUTE}') ? root : null;
  };
  document.addEventListener('submit', (event) => {
    const root = drawing();
    if (!root) return;
    event.preventDefault();
    root.setAttribute('${DRAWN_SUBMIT_ATTRIBUTE}', String([...root.querySelectorAll('form')].indexOf(event.target)));
  }, true);
  document.addEventListener('click', (event) => {
    const root = drawing();
    const button = root && event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
    if (!button) return;
    root.setAttribute('${DRAWN_CLICK_ATTRIBUTE}', String([...root.querySelectorAll('button')].indexOf(button)));
  }, true);
})();
`;

/** The drawn pages most visitors get (no query string), by path, language and theme. */
const MAX_CACHED = 64;

/** Loads the server build of the drawn pages beside `clientDist` (dist/ssr), if there is one. */
export function loadDrawer(clientDist: string, log: FastifyBaseLogger): Drawer | null {
  const file = path.join(path.dirname(clientDist), 'ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  // Imported in the background (some megabytes of JavaScript): the server starts at once, and a page
  // asked meanwhile waits for it. Should it fail, pages are sent undrawn.
  const loading = (import(pathToFileURL(file).href) as Promise<DrawModule>).catch((error: unknown) => {
    log.error({ err: error, file }, 'the drawn pages could not be loaded; pages are sent undrawn');
    return null;
  });
  const cache = new Map<string, Drawing>();
  return {
    async draw(pathname, search, visitor, session) {
      const module = await loading;
      if (!module) return null;
      // A signed-in visitor's drawing is theirs alone (their data): never kept.
      const key = `${pathname}|${visitor.language}|${visitor.theme}`;
      const known = search || session ? undefined : cache.get(key);
      if (known !== undefined) return known;
      try {
        const drawing = await module.drawPage(pathname, search, visitor, session);
        if (!search && !session && drawing !== null && cache.size < MAX_CACHED) cache.set(key, drawing);
        return drawing;
      } catch (error) {
        // Not kept: the next visitor's page is drawn again.
        log.warn({ err: error, pathname }, 'drawing the page failed; sent undrawn');
        return null;
      }
    },
  };
}

/** The answers a signed-in drawing was made with, as a script element of the page (superjson, script-safe). */
export function drawnStateScript(state: unknown): string {
  return `<script type="application/json" id="${DRAWN_STATE_SCRIPT_ID}">${scriptSafeJson(superjson.stringify(state))}</script>`;
}

/**
 * Whether the visitor's device says it is a phone: its client hint (Chromium's Sec-CH-UA-Mobile) or its
 * user agent ("Mobile", "iPhone"; a tablet without "Mobile" is not a phone). A wrong guess costs only
 * the drawing: the app replaces it with the page the viewport calls for.
 */
export function isPhone(request: FastifyRequest): boolean {
  if (String(request.headers['sec-ch-ua-mobile'] ?? '').trim() === '?1') return true;
  return /\bMobile\b|iPhone/.test(request.headers['user-agent'] ?? '');
}

/**
 * `fetch` against this server's own API as the visitor (their cookies), without the network: a
 * drawing's queries go through the same routes, checks and limits as the browser's (GET only).
 */
export function apiFetchAs(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  const cookie = request.headers.cookie ?? '';
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    if (method !== 'GET') throw new Error(`a drawing only reads: ${method} ${url.pathname}`);
    const res = await app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { cookie, 'accept-language': request.headers['accept-language'] ?? '' },
    });
    return new Response(res.payload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** Serves the boot script drawn pages start the app with. */
export function bootScriptRoute(app: FastifyInstance): void {
  app.get(BOOT_SCRIPT, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(BOOT_SOURCE),
  );
}
