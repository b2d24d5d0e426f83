// i18next setup: English default and fallback, French, German, Arabic (right to left; the direction is
// applied by app/preferences.ts). Translations live in locales/<language>/<namespace>.json and are
// loaded on demand: `common` before the first render, any other namespace when a component asks for it
// with useTranslation('<namespace>') (it suspends until loaded). Add a namespace by adding its four files.
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_CODES, type LanguageCode, RTL_LANGUAGES } from '../../shared/constants/ui.ts';

export const LANGUAGES: readonly { code: LanguageCode; label: string; rtl: boolean }[] = [
  { code: 'en', label: 'English', rtl: false },
  { code: 'fr', label: 'Français', rtl: false },
  { code: 'de', label: 'Deutsch', rtl: false },
  { code: 'ar', label: 'العربية', rtl: true },
];
export type { LanguageCode };

/** A language's name in that language and its own capitalisation ("Français", "Deutsch", "العربية"). */
export function languageName(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.label ?? code;
}

export function isRtl(code: string): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(code);
}

const bundles = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

/** Loads `locales/<lng>/<ns>.json` as its own chunk; a missing file is an empty bundle (English fills in). */
export const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = bundles[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (bundle) => callback(null, bundle.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Start loading `namespaces` of `language` (and of English, the fallback) before a component asks
 * for them, so a page's strings load beside its chunk rather than after it.
 */
export function prefetchNamespaces(language: string, namespaces: readonly string[]): Promise<unknown> {
  const languages = language === 'en' ? ['en'] : [language, 'en'];
  return Promise.all(languages.flatMap((lng) => namespaces.map((ns) => bundles[`./locales/${lng}/${ns}.json`]?.())));
}

/**
 * The strings errors are said with (lib/error-text.ts): `errors` (by message key) and `validation` (by
 * field issue). `validation` starts loading with `common` (a form may be refused by the browser before
 * anything reaches the server); `errors` (the server's refusals, 8 KB) once the first page is on screen —
 * when the browser is idle, or at once when a page asks for it through useErrorText. Until it is in, a
 * refusal reads the server's own message, never a key.
 */
export const ERROR_NAMESPACES = ['errors', 'validation'];

/** Initialise i18next with `common` loaded for `language` (and English); resolves when ready to render. */
export async function initI18n(language: string): Promise<typeof i18n> {
  const lng = (LANGUAGE_CODES as readonly string[]).includes(language) ? language : 'en';
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGE_CODES],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
      react: { useSuspense: true },
    });
  // Messages name a kind of record mid-sentence in English ("This location was changed…").
  i18n.services.formatter?.add('lowercase', (value: unknown, lng?: string) => String(value).toLocaleLowerCase(lng));
  const later =
    typeof requestIdleCallback === 'function' ? requestIdleCallback : (run: () => void) => setTimeout(run, 200);
  void i18n.loadNamespaces('validation');
  later(() => void i18n.loadNamespaces('errors'));
  return i18n;
}

export default i18n;
