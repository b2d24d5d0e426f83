// UI constants of the browser shell: preference cookies,
// breakpoints and offsets. Edit when a preference or a layout constant is added.

/** Every UI preference cookie starts with this product code. */
export const PREF_COOKIE_PREFIX = 'od-';

/** Below this width the navigation is an overlay and the layout is forced to vertical. */
export const OVERLAY_NAV_BREAKPOINT = 976;
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 } as const;

/** The scroll-to-top button shows once the page is scrolled further than this. */
export const SCROLL_TOP_THRESHOLD = 200;
/** Hash targets are scrolled to this far below the top (room for a sticky navbar). */
export const HASH_SCROLL_OFFSET = 60;
/** Gap between a horizontal-nav button and its popover. */
export const HORIZONTAL_NAV_POPOVER_OFFSET = 6;

export const DEFAULT_PRIMARY_COLOR = '#7367F0';
/** The darker primary (#675DD8) is the primary mixed with 10% black; the client derives it the same way. */
export const DEFAULT_PRIMARY_DARKER = '#675DD8';

export const LANGUAGE_CODES = ['en', 'fr', 'de', 'ar'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const RTL_LANGUAGES: readonly LanguageCode[] = ['ar'];

export const THEMES = ['light', 'dark', 'system'] as const;
export const SKINS = ['default', 'bordered'] as const;
export const CONTENT_WIDTHS = ['boxed', 'fluid'] as const;
export const NAV_LAYOUTS = ['vertical', 'horizontal'] as const;
export const BAR_TYPES = ['sticky', 'static', 'hidden'] as const;

/**
 * The preferences, their cookie names (without the prefix) and defaults.
 * Cookie values are plain strings: light/dark/system, default/bordered, true/false, en/fr/de/ar.
 */
export const PREFERENCE_DEFAULTS = {
  'color-scheme': 'light',
  theme: 'light',
  skin: 'default',
  isVerticalNavSemiDark: 'true',
  isNavbarBlurEnabled: 'true',
  isVerticalNavCollapsed: 'false',
  appContentWidth: 'boxed',
  appContentLayoutNav: 'vertical',
  navbarType: 'sticky',
  footerType: 'static',
  horizontalNavType: 'sticky',
  language: 'en',
  lightThemePrimaryColor: DEFAULT_PRIMARY_COLOR,
  darkThemePrimaryColor: DEFAULT_PRIMARY_COLOR,
} as const;
export type PreferenceCookie = keyof typeof PREFERENCE_DEFAULTS;

/**
 * A sign-in page drawn by the server (src/server/plugins/drawn-pages.ts) until the app replaces it
 * (src/client/app/drawn-page.ts): the attribute on #root while it holds the drawing, and those the boot
 * script sets there when a form was submitted or another button pressed on it (their index).
 */
export const DRAWN_ATTRIBUTE = 'data-drawn';
export const DRAWN_SUBMIT_ATTRIBUTE = 'data-drawn-submit';
export const DRAWN_CLICK_ATTRIBUTE = 'data-drawn-click';
/** The id of the `<script type="application/json">` holding a signed-in drawing's answers (server writes, client reads). */
export const DRAWN_STATE_SCRIPT_ID = 'od-drawn-state';
