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
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DRAWN_ATTRIBUTE, DRAWN_CLICK_ATTRIBUTE, DRAWN_SUBMIT_ATTRIBUTE } from '../../shared/constants/ui.ts';
import { BOOT_SCRIPT } from './route-preloads.ts';

interface DrawModule {
  drawnPaths: readonly string[];
  drawPage(
    pathname: string,
    search: string,
    visitor: { language: string; theme: 'light' | 'dark' },
  ): Promise<string | null>;
}

export interface Drawer {
  /** Whether `pathname` is a page the server draws. */
  draws(pathname: string): boolean;
  /** The drawn HTML of the page (for #root), or null when it could not be drawn. */
  draw(
    pathname: string,
    search: string,
    visitor: { language: string; theme: 'light' | 'dark' },
  ): Promise<string | null>;
}

/**
 * Starts the entry (its path in the tag's data-entry) once the drawn page has painted: a frame, then a
 * task; at the latest after a second (a tab opened in the background draws no frame). Until the app has
 * replaced the drawing, a submitted form is held and a pressed button (not a submit) noted, by index, for
 * the app to submit or press again.
 */
const BOOT_SOURCE = `(() => {
  const entry = document.currentScript.dataset.entry;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
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
export async function loadDrawer(clientDist: string, log: FastifyBaseLogger): Promise<Drawer | null> {
  const file = path.join(path.dirname(clientDist), 'ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as DrawModule;
  const paths = new Set(module.drawnPaths);
  const cache = new Map<string, string>();
  return {
    draws: (pathname) => paths.has(pathname),
    async draw(pathname, search, visitor) {
      const key = `${pathname}|${visitor.language}|${visitor.theme}`;
      const known = search ? undefined : cache.get(key);
      if (known !== undefined) return known;
      try {
        const html = await module.drawPage(pathname, search, visitor);
        if (!search && html !== null && cache.size < MAX_CACHED) cache.set(key, html);
        return html;
      } catch (error) {
        // Not kept: the next visitor's page is drawn again.
        log.warn({ err: error, pathname }, 'drawing the page failed; sent undrawn');
        return null;
      }
    },
  };
}

/** Serves the boot script drawn pages start the app with. */
export function bootScriptRoute(app: FastifyInstance): void {
  app.get(BOOT_SCRIPT, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(BOOT_SOURCE),
  );
}
