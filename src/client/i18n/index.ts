// i18next setup: English default and fallback, French, German, Arabic (right to left).
// Sets <html lang> and <html dir> whenever the language changes.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from './locales/ar/common.json' with { type: 'json' };
import de from './locales/de/common.json' with { type: 'json' };
import en from './locales/en/common.json' with { type: 'json' };
import fr from './locales/fr/common.json' with { type: 'json' };
import arTable from './locales/ar/table.json' with { type: 'json' };
import deTable from './locales/de/table.json' with { type: 'json' };
import enTable from './locales/en/table.json' with { type: 'json' };
import frTable from './locales/fr/table.json' with { type: 'json' };

export const LANGUAGES = [
  { code: 'en', label: 'English', rtl: false },
  { code: 'fr', label: 'Français', rtl: false },
  { code: 'de', label: 'Deutsch', rtl: false },
  { code: 'ar', label: 'العربية', rtl: true },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export function isRtl(code: string): boolean {
  return LANGUAGES.some((l) => l.code === code && l.rtl);
}

function applyToDocument(code: string): void {
  document.documentElement.lang = code;
  document.documentElement.dir = isRtl(code) ? 'rtl' : 'ltr';
}

export function initI18n(language: string): typeof i18n {
  const lng = LANGUAGES.some((l) => l.code === language) ? language : 'en';
  void i18n.use(initReactI18next).init({
    resources: {
      en: { common: en, table: enTable },
      fr: { common: fr, table: frTable },
      de: { common: de, table: deTable },
      ar: { common: ar, table: arTable },
    },
    lng,
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyToDocument(lng);
  i18n.on('languageChanged', applyToDocument);
  return i18n;
}

export default i18n;
