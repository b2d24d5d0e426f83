// A country's name in the page's language ("FR" or "France" -> "France", "Frankreich", "فرنسا"), from the
// browser's own list (Intl.DisplayNames): the one helper every page uses wherever a country is shown.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

let codesByEnglishName: Map<string, string> | null = null;

/** Every ISO 3166 alpha-2 code the browser names, by its English name (lower case), made once. */
function codeOfEnglishName(name: string): string | undefined {
  if (!codesByEnglishName) {
    codesByEnglishName = new Map();
    const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const known = english.of(code);
        if (known) codesByEnglishName.set(known.toLowerCase(), code);
      }
    }
  }
  return codesByEnglishName.get(name.trim().toLowerCase());
}

/**
 * Names countries in `language`: takes an ISO 3166 alpha-2 code (either case) or a country's English
 * name (sample data stores "Denmark"); anything else is shown as given, nothing as ''.
 */
export function countryNamer(language: string): (country: string | null | undefined) => string {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  return (country) => {
    if (!country) return '';
    const code = /^[a-z]{2}$/i.test(country) ? country.toUpperCase() : codeOfEnglishName(country);
    try {
      return (code && names.of(code)) || country;
    } catch {
      return country;
    }
  };
}

/** `countryNamer` for the page's language. */
export function useCountryName(): (country: string | null | undefined) => string {
  const { i18n } = useTranslation();
  return useMemo(() => countryNamer(i18n.language), [i18n.language]);
}
