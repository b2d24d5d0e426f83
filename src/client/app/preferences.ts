// The UI preferences store: read from and written to the `od-` cookies, with the
// defaults and layout rules, applied to <html>/<body>. Edit when a preference is added.
import { useSyncExternalStore } from 'react';
import {
  BAR_TYPES,
  CONTENT_WIDTHS,
  LANGUAGE_CODES,
  type LanguageCode,
  NAV_LAYOUTS,
  PREF_COOKIE_PREFIX,
  PREFERENCE_DEFAULTS,
  type PreferenceCookie,
  RTL_LANGUAGES,
  SKINS,
  THEMES,
} from '../../shared/constants/ui.ts';
import { deleteCookie, readCookies, writeCookie } from '../lib/cookies.ts';

export type Theme = (typeof THEMES)[number];
export type Skin = (typeof SKINS)[number];
export type ContentWidth = (typeof CONTENT_WIDTHS)[number];
export type NavLayout = (typeof NAV_LAYOUTS)[number];
export type BarType = (typeof BAR_TYPES)[number];
export type Direction = 'ltr' | 'rtl';

export interface Preferences {
  /** The device's colour scheme, mirrored into `od-color-scheme`. */
  colorScheme: 'light' | 'dark';
  theme: Theme;
  skin: Skin;
  isVerticalNavSemiDark: boolean;
  isNavbarBlurEnabled: boolean;
  isVerticalNavCollapsed: boolean;
  appContentWidth: ContentWidth;
  appContentLayoutNav: NavLayout;
  navbarType: BarType;
  footerType: BarType;
  horizontalNavType: BarType;
  language: LanguageCode;
  lightThemePrimaryColor: string;
  darkThemePrimaryColor: string;
  /** Text direction: the language's, unless the user chose the other one for this language. */
  direction: Direction;
}

/** A direction chosen against the language's own is stored as `<language>:<direction>`. */
const DIRECTION_COOKIE = `${PREF_COOKIE_PREFIX}direction`;
const HEX = /^#[0-9a-fA-F]{6}$/;

function oneOf<T extends string>(values: readonly T[], raw: string | null, fallback: string): T {
  return (values as readonly string[]).includes(raw ?? '') ? (raw as T) : (fallback as T);
}
function bool(raw: string | null, fallback: string): boolean {
  return raw === 'true' || raw === 'false' ? raw === 'true' : fallback === 'true';
}
/** The preference cookies, read at once (each read of document.cookie is a round trip to the browser). */
function preferenceCookies(): { jar: Map<string, string>; cookie: (name: PreferenceCookie) => string | null } {
  const jar = readCookies();
  return { jar, cookie: (name) => jar.get(PREF_COOKIE_PREFIX + name) ?? null };
}

export function languageDirection(language: string): Direction {
  return (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr';
}

function readDirection(language: LanguageCode, jar: Map<string, string>): Direction {
  const [lang, dir] = (jar.get(DIRECTION_COOKIE) ?? '').split(':');
  return lang === language && (dir === 'ltr' || dir === 'rtl') ? dir : languageDirection(language);
}

export function readPreferences(): Preferences {
  const d = PREFERENCE_DEFAULTS;
  const { jar, cookie } = preferenceCookies();
  const language = oneOf(LANGUAGE_CODES, cookie('language'), d.language);
  const color = (name: 'lightThemePrimaryColor' | 'darkThemePrimaryColor') => {
    const raw = cookie(name);
    return raw && HEX.test(raw) ? raw.toUpperCase() : d[name];
  };
  return {
    colorScheme: oneOf(['light', 'dark'] as const, cookie('color-scheme'), d['color-scheme']),
    theme: oneOf(THEMES, cookie('theme'), d.theme),
    skin: oneOf(SKINS, cookie('skin'), d.skin),
    isVerticalNavSemiDark: bool(cookie('isVerticalNavSemiDark'), d.isVerticalNavSemiDark),
    isNavbarBlurEnabled: bool(cookie('isNavbarBlurEnabled'), d.isNavbarBlurEnabled),
    isVerticalNavCollapsed: bool(cookie('isVerticalNavCollapsed'), d.isVerticalNavCollapsed),
    appContentWidth: oneOf(CONTENT_WIDTHS, cookie('appContentWidth'), d.appContentWidth),
    appContentLayoutNav: oneOf(NAV_LAYOUTS, cookie('appContentLayoutNav'), d.appContentLayoutNav),
    navbarType: oneOf(BAR_TYPES, cookie('navbarType'), d.navbarType),
    footerType: oneOf(BAR_TYPES, cookie('footerType'), d.footerType),
    horizontalNavType: oneOf(BAR_TYPES, cookie('horizontalNavType'), d.horizontalNavType),
    language,
    lightThemePrimaryColor: color('lightThemePrimaryColor'),
    darkThemePrimaryColor: color('darkThemePrimaryColor'),
    direction: readDirection(language, jar),
  };
}

const COOKIE_OF: Record<Exclude<keyof Preferences, 'direction'>, PreferenceCookie> = {
  colorScheme: 'color-scheme',
  theme: 'theme',
  skin: 'skin',
  isVerticalNavSemiDark: 'isVerticalNavSemiDark',
  isNavbarBlurEnabled: 'isNavbarBlurEnabled',
  isVerticalNavCollapsed: 'isVerticalNavCollapsed',
  appContentWidth: 'appContentWidth',
  appContentLayoutNav: 'appContentLayoutNav',
  navbarType: 'navbarType',
  footerType: 'footerType',
  horizontalNavType: 'horizontalNavType',
  language: 'language',
  lightThemePrimaryColor: 'lightThemePrimaryColor',
  darkThemePrimaryColor: 'darkThemePrimaryColor',
};

function writePreferenceCookies(prefs: Preferences): void {
  const { jar, cookie } = preferenceCookies();
  for (const [key, name] of Object.entries(COOKIE_OF) as [keyof typeof COOKIE_OF, PreferenceCookie][]) {
    const value = String(prefs[key]);
    if (cookie(name) !== value) writeCookie(PREF_COOKIE_PREFIX + name, value);
  }
  const own = languageDirection(prefs.language);
  const stored = jar.get(DIRECTION_COOKIE) ?? null;
  const wanted = prefs.direction === own ? null : `${prefs.language}:${prefs.direction}`;
  if (wanted && stored !== wanted) writeCookie(DIRECTION_COOKIE, wanted);
  if (!wanted && stored) deleteCookie(DIRECTION_COOKIE);
}

/** The theme actually shown: the chosen one, or the device's when `system`. */
export function effectiveTheme(prefs: Pick<Preferences, 'theme' | 'colorScheme'>): 'light' | 'dark' {
  return prefs.theme === 'system' ? prefs.colorScheme : prefs.theme;
}

export function primaryColor(prefs: Preferences): string {
  return effectiveTheme(prefs) === 'dark' ? prefs.darkThemePrimaryColor : prefs.lightThemePrimaryColor;
}

/** Mirror the preferences onto the document: lang, dir, data-theme, Primer's colour mode, skin class, primary. */
export function applyToDocument(prefs: Preferences): void {
  const html = document.documentElement;
  const theme = effectiveTheme(prefs);
  html.lang = prefs.language;
  html.dir = prefs.direction;
  html.dataset.theme = theme;
  html.dataset.colorMode = theme;
  html.dataset.lightTheme = 'light';
  html.dataset.darkTheme = 'dark';
  html.style.setProperty('--od-primary', primaryColor(prefs));
  html.style.colorScheme = theme;
  const body = document.body;
  for (const skin of SKINS) body.classList.toggle(`skin--${skin}`, skin === prefs.skin);
}

// ---- the store --------------------------------------------------------------------------------

let current: Preferences | null = null;
const listeners = new Set<() => void>();
const darkQuery = typeof window !== 'undefined' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

function commit(next: Preferences): void {
  current = next;
  writePreferenceCookies(next);
  applyToDocument(next);
  for (const listener of listeners) listener();
}

/**
 * Read the cookies, follow the device colour scheme, write any missing cookie with its default
 * and apply everything to the document. Called once by main.tsx before the first render.
 */
export function initPreferences(): Preferences {
  const prefs = readPreferences();
  if (darkQuery) {
    prefs.colorScheme = darkQuery.matches ? 'dark' : 'light';
    darkQuery.addEventListener('change', (event) => {
      commit({ ...getPreferences(), colorScheme: event.matches ? 'dark' : 'light' });
    });
  }
  commit(prefs);
  return prefs;
}

export function getPreferences(): Preferences {
  current ??= readPreferences();
  return current;
}

export type PreferenceUpdate = Partial<Omit<Preferences, 'colorScheme'>>;

/**
 * Change preferences, applying their rules: choosing horizontal navigation turns a hidden navbar
 * into a sticky one and un-collapses the vertical nav; changing the language resets the direction to
 * the language's own unless a direction is given too.
 */
export function setPreferences(update: PreferenceUpdate): void {
  const prev = getPreferences();
  const next: Preferences = { ...prev, ...update };
  if (update.appContentLayoutNav === 'horizontal') {
    if (next.navbarType === 'hidden') next.navbarType = 'sticky';
    next.isVerticalNavCollapsed = false;
  }
  if (update.language && update.language !== prev.language && !update.direction) {
    next.direction = languageDirection(update.language);
  }
  commit(next);
}

/** Back to the defaults (the device colour scheme is kept). */
export function resetPreferences(): void {
  const d = PREFERENCE_DEFAULTS;
  commit({
    colorScheme: getPreferences().colorScheme,
    theme: d.theme,
    skin: d.skin,
    isVerticalNavSemiDark: bool(null, d.isVerticalNavSemiDark),
    isNavbarBlurEnabled: bool(null, d.isNavbarBlurEnabled),
    isVerticalNavCollapsed: bool(null, d.isVerticalNavCollapsed),
    appContentWidth: d.appContentWidth,
    appContentLayoutNav: d.appContentLayoutNav,
    navbarType: d.navbarType,
    footerType: d.footerType,
    horizontalNavType: d.horizontalNavType,
    language: d.language,
    lightThemePrimaryColor: d.lightThemePrimaryColor,
    darkThemePrimaryColor: d.darkThemePrimaryColor,
    direction: languageDirection(d.language),
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current preferences; re-renders on every change. */
export function usePreferences(): Preferences {
  // A server drawing reads the request's cookies each time (lib/server-snapshot.ts), never the store.
  return useSyncExternalStore(subscribe, getPreferences, readPreferences);
}
