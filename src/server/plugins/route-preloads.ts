// Announces in index.html the files a client route needs on a cold load: its page chunk
// and its imports as `<link rel="modulepreload">`, their stylesheets as `preload`, the strings of the
// visitor's language, the layout for a signed-in visitor, and the body font. The browser then fetches
// them while the entry script is still downloading and running, instead of only once the entry's
// preloader (src/client/app/preload.ts) asks for them. The map is written at build time
// (scripts/route-preloads.ts, from the route table and Vite's manifest) to dist/client/route-preloads.json.
import fs from 'node:fs';
import path from 'node:path';

export interface PreloadSet {
  js: string[];
  css: string[];
}

export interface RoutePreload {
  name: string;
  pattern: string;
  aliases: string[];
  layout: 'blank' | 'default' | 'auto';
  /** Signed-in visitors are sent away (login, register...). */
  guestOnly: boolean;
  /** Signed-out visitors may see it. */
  public: boolean;
  page: PreloadSet;
  /** Translation namespaces beyond `common` (and `shell`, which comes with the layout). */
  ns: string[];
  /**
   * A list page's first query as the entry asks it for a URL without a query string (app/preload.ts):
   * the tRPC batch GET of the default list input. Announced as `<link rel="preload" as="fetch">`, so it
   * runs beside the page's chunk and the entry's fetch takes the answer (same URL, no custom headers).
   */
  data?: string;
  /** What the client's guard asks of a signed-in visitor before the page (and its query) may run. */
  access?: { action?: string; subject?: string; roles?: string[] };
}

export interface PreloadMap {
  routes: RoutePreload[];
  /** The default layout's own files (beyond the entry's). */
  layout: PreloadSet;
  /** `locales[language][namespace]`: the strings' chunk. */
  locales: Record<string, Record<string, string>>;
  /** The regular weight of the body font, which the first paint uses. */
  font?: string;
  /** Its semibold weight (labels, headings): a drawn page paints with both. */
  semiboldFont?: string;
}

export const PRELOAD_MAP_FILE = 'route-preloads.json';
const LANGUAGES = new Set(['en', 'fr', 'de', 'ar']);

/** A wouter pattern as a regular expression: `:param` one segment, `*` the rest, `/*?` optionally. */
export function patternRegExp(pattern: string): RegExp {
  let source = '';
  for (const part of pattern.split(/(\/\*\?$|:\w+|\*)/)) {
    if (part === '/*?') source += '(?:/.*)?';
    else if (part === '*') source += '.*';
    else if (/^:\w+$/.test(part)) source += '[^/]+';
    else source += part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}/?$`);
}

export interface PreloadVisitor {
  signedIn: boolean;
  language: string;
  /** The URL's query string ('' for none): a list's first query is announced only for the default list. */
  search?: string;
  /**
   * Whether the visitor passes a route's access rule (their rules and role); a list's query is announced
   * only to a visitor the guard lets in: anyone else's would be answered 403 before the redirect.
   */
  may?: (access: NonNullable<RoutePreload['access']>) => boolean;
  /** The server draws the page (drawn-pages.ts): its stylesheets apply at once, its scripts wait for the paint. */
  drawn?: boolean;
}

/** Builds index.html with the preload links for each visited path (memoised per route and visitor kind). */
export function routePreloader(dist: string, html: string): (pathname: string, visitor: PreloadVisitor) => string {
  const file = path.join(dist, PRELOAD_MAP_FILE);
  if (!fs.existsSync(file)) return () => html;
  const map = JSON.parse(fs.readFileSync(file, 'utf8')) as PreloadMap;
  const matchers = map.routes.map((route) => ({ route, res: [route.pattern, ...route.aliases].map(patternRegExp) }));
  const cache = new Map<string, string>();
  // The built stylesheets, read once each (they do not change while the server runs).
  const stylesheets = new Map<string, string | null>();
  const readCss = (href: string) => {
    if (!stylesheets.has(href)) {
      const file = path.join(dist, href);
      stylesheets.set(href, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
    }
    return stylesheets.get(href) ?? null;
  };
  return (pathname, visitor) => {
    const language = LANGUAGES.has(visitor.language) ? visitor.language : 'en';
    const match = matchers.find((m) => m.res.some((re) => re.test(pathname)))?.route;
    if (!match) return html;
    const withData = !visitor.search && (!match.access || !!visitor.may?.(match.access));
    const key = `${match.name}|${visitor.signedIn}|${language}|${withData}|${!!visitor.drawn}`;
    let page = cache.get(key);
    if (page === undefined) {
      page = visitor.drawn
        ? drawnShell(html, match, [map.font, map.semiboldFont], visitor.signedIn ? map.layout.css : [], readCss, [
            ...routeFiles(map, match, visitor.signedIn, language).js,
          ])
        : html.replace('</head>', `${preloadLinks(map, match, visitor.signedIn, language, withData)}</head>`);
      cache.set(key, page);
    }
    return page;
  };
}

/** The `<link>` tags announcing what `route` needs for this visitor ('' when the guard sends them elsewhere). */
export function preloadLinks(
  map: PreloadMap,
  route: RoutePreload,
  signedIn: boolean,
  language: string,
  withData = false,
): string {
  if ((route.guestOnly && signedIn) || (!route.public && !route.guestOnly && !signedIn)) return '';
  const { js, css } = routeFiles(map, route, signedIn, language);
  const tags: string[] = [];
  // First: the query is the longest step (server and database), and only a signed-in visitor's runs.
  if (withData && signedIn && route.data)
    tags.push(`<link rel="preload" href="${route.data.replaceAll('&', '&amp;')}" as="fetch" crossorigin>`);
  if (map.font) tags.push(`<link rel="preload" href="/${map.font}" as="font" type="font/woff2" crossorigin>`);
  for (const href of css) tags.push(`<link rel="preload" href="/${href}" as="style" crossorigin>`);
  for (const href of js) tags.push(`<link rel="modulepreload" href="/${href}">`);
  return tags.join('');
}

/** The scripts (strings, layout, page) and stylesheets `route` loads for this visitor. */
function routeFiles(
  map: PreloadMap,
  route: RoutePreload,
  signedIn: boolean,
  language: string,
): { js: Set<string>; css: Set<string> } {
  const withLayout = route.layout === 'default' || (route.layout === 'auto' && signedIn);
  const ns = ['common', ...route.ns, ...(withLayout ? ['shell'] : [])];
  const languages = language === 'en' ? ['en'] : [language, 'en'];
  const strings = languages.flatMap((lng) => ns.map((n) => map.locales[lng]?.[n]).filter((f): f is string => !!f));
  return {
    js: new Set([...strings, ...(withLayout ? map.layout.js : []), ...route.page.js]),
    css: new Set([...(withLayout ? map.layout.css : []), ...route.page.css]),
  };
}

/** The path of the script that starts the app once a drawn page has painted (drawn-pages.ts serves it). */
export const BOOT_SCRIPT = '/boot.js';

/**
 * The `type` of a stylesheet link whose rules the page carries inline: the browser fetches no stylesheet
 * of a type it does not know, while Vite's loader (which skips a stylesheet a link of the document
 * already names) counts it as loaded when a chunk asks for it.
 */
export const INLINED_STYLESHEET_TYPE = 'text/x-inlined-css';

/** A stylesheet's rules inside `<style>` (a `</style` in a string written so it cannot close the element). */
function inlineStyle(href: string, css: string): string {
  return (
    `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>` +
    `<link rel="stylesheet" type="${INLINED_STYLESHEET_TYPE}" href="/${href}">`
  );
}

/**
 * index.html for a page the server draws: the stylesheets of the entry, the route (and the shell, for a
 * signed-in visitor) applied from the start, inline when `readCss` has them (on a slow phone network the
 * page paints once its HTML is in, not after a round of stylesheet requests, six at a time), and no
 * script fetched before that paint — the entry is started by the boot script (no module preloads: they
 * would share the bandwidth the HTML needs first). The boot script announces the page's own scripts
 * (`scripts`) after the paint, a few per task.
 */
export function drawnShell(
  html: string,
  route: RoutePreload,
  fonts: (string | undefined)[] = [],
  layoutCss: string[] = [],
  readCss: (href: string) => string | null = () => null,
  scripts: string[] = [],
): string {
  const stylesheet = (href: string) => {
    const css = readCss(href);
    return css === null ? `<link rel="stylesheet" crossorigin href="/${href}">` : inlineStyle(href, css);
  };
  const styles = [...new Set([...layoutCss, ...route.page.css])].map(stylesheet).join('');
  // The entry's own imports first (the HTML's module preloads): the app starts with them.
  const entryScripts = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
  const announced = [...new Set([...entryScripts, ...scripts])];
  // The body font's weights the form uses, so the drawing paints in them (the app's text is then no
  // larger than the drawing's: no later "largest paint").
  const fontLink = fonts
    .filter((font): font is string => !!font)
    .map((font) => `<link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin>`)
    .join('');
  return html
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_, href: string) => stylesheet(href))
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_, entry: string) =>
        `<script src="${BOOT_SCRIPT}" data-entry="${entry}"${
          announced.length ? ` data-preload="${announced.map((href) => `/${href}`).join(' ')}"` : ''
        } defer></script>`,
    )
    .replace('</head>', `${fontLink}${styles}</head>`);
}
