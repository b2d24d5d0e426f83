// What the served index.html says about its visitor (cold loads): for a signed-in visitor
// the result of auth.me, inlined as JSON the entry hands to react-query (src/client/lib/session.tsx),
// so the first screen does not wait for that round trip; for everyone, <html>'s lang, dir and
// data-theme from the preference cookies, so the first paint has the right direction and colours.
// The session is resolved as /api and /trpc resolve it (the accessToken cookie); a missing, expired or
// revoked one inlines nothing and the client's normal flow (auth.me → 401 → login) runs.
import type { FastifyRequest } from 'fastify';
import superjson from 'superjson';
import { ACCESS_TOKEN_COOKIE, USER_DATA_COOKIE } from '../../shared/constants/http.ts';
import {
  DEFAULT_PRIMARY_COLOR,
  LANGUAGE_CODES,
  type LanguageCode,
  PREF_COOKIE_PREFIX,
  RTL_LANGUAGES,
  SKINS,
} from '../../shared/constants/ui.ts';
import { me } from '../domains/platform/auth/auth.service.ts';
import { resolveSession } from '../domains/platform/auth/session.resolve.ts';

/** The id of the `<script type="application/json">` holding auth.me's result (read by the client). */
export const SESSION_SCRIPT_ID = 'od-session';

export interface PageVisitor {
  /** auth.me's result for a signed-in visitor, null otherwise. */
  me: Awaited<ReturnType<typeof me>> | null;
  language: LanguageCode;
  dir: 'ltr' | 'rtl';
  theme: 'light' | 'dark';
  /** The primary colour of that theme (the customizer's choice, else the default). */
  primary: string;
  skin: (typeof SKINS)[number];
}

/**
 * Who asks for the page. Signed in means: the readable userData cookie the client goes by is there and
 * the accessToken cookie names a live session (the same check as the API's).
 */
export async function pageVisitor(request: FastifyRequest): Promise<PageVisitor> {
  const cookies = request.cookies ?? {};
  const token = cookies[ACCESS_TOKEN_COOKIE];
  let result: PageVisitor['me'] = null;
  if (token && cookies[USER_DATA_COOKIE]) {
    const session = await resolveSession(request.em, token, request.server.sessionCache);
    if (session) result = await me(request.em, session.user);
  }
  return { me: result, ...documentPreferences(cookies) };
}

/** lang, dir, theme, primary colour and skin as the client's preferences store derives them (app/preferences.ts), from the cookies. */
export function documentPreferences(cookies: Record<string, string | undefined>): Omit<PageVisitor, 'me'> {
  const pref = (name: string) => cookies[PREF_COOKIE_PREFIX + name];
  const raw = pref('language');
  const language: LanguageCode = (LANGUAGE_CODES as readonly string[]).includes(raw ?? '')
    ? (raw as LanguageCode)
    : 'en';
  const [dirLanguage, chosenDir] = (pref('direction') ?? '').split(':');
  const dir =
    dirLanguage === language && (chosenDir === 'ltr' || chosenDir === 'rtl')
      ? chosenDir
      : RTL_LANGUAGES.includes(language)
        ? 'rtl'
        : 'ltr';
  const theme =
    pref('theme') === 'dark' || (pref('theme') === 'system' && pref('color-scheme') === 'dark') ? 'dark' : 'light';
  const chosen = pref(theme === 'dark' ? 'darkThemePrimaryColor' : 'lightThemePrimaryColor');
  const primary = chosen && /^#[0-9a-fA-F]{6}$/.test(chosen) ? chosen.toUpperCase() : DEFAULT_PRIMARY_COLOR;
  const skin = SKINS.find((known) => known === pref('skin')) ?? 'default';
  return { language, dir, theme, primary, skin };
}

/**
 * JSON safe inside a `<script>` element: no `<` (so no `</script>` or `<!--` from user data), no `>`
 * or `&`, and no U+2028/U+2029; each is written as a \u escape, which JSON.parse reads back the same.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `html` with the visitor's document attributes and, when signed in, auth.me's result inlined. */
export function personalise(html: string, visitor: PageVisitor): string {
  // As app/preferences.ts applyToDocument writes them (Primer's colour mode included: the page's background).
  const { language, dir, theme, primary, skin } = visitor;
  let page = html
    .replace(
      /<html[^>]*>/,
      `<html lang="${language}" dir="${dir}" data-theme="${theme}" data-color-mode="${theme}" data-light-theme="light" data-dark-theme="dark" style="--od-primary: ${primary}; color-scheme: ${theme};">`,
    )
    .replace(/<body class="skin--\w+">/, `<body class="skin--${skin}">`);
  if (visitor.me) {
    const script = `<script type="application/json" id="${SESSION_SCRIPT_ID}">${scriptSafeJson(superjson.stringify(visitor.me))}</script>`;
    page = page.replace('</head>', `${script}</head>`);
  }
  return page;
}
