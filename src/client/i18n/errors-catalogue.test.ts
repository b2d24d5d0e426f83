// The errors namespace follows the catalogue: every key of src/shared/errors/messages.ts in the four
// languages, no key the catalogue lacks, English word for word, and no placeholder the values lack.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../shared/errors/messages.ts';

const LANGUAGES = ['en', 'fr', 'de', 'ar'] as const;

function flatten(tree: Record<string, unknown>, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[`${prefix}${name}`] = value;
    else flatten(value as Record<string, unknown>, `${prefix}${name}.`, out);
  }
  return out;
}

function locale(language: string, namespace: string): Record<string, string> {
  const url = new URL(`./locales/${language}/${namespace}.json`, import.meta.url);
  return flatten(JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>);
}

/** The value names a text interpolates (`{{record}}`, `{{record, lowercase}}` -> record). */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
}

describe('errors.json', () => {
  const catalogue: Record<string, string> = ERROR_MESSAGES;

  it.each(LANGUAGES)('%s has every catalogue key and no other', (language) => {
    expect(Object.keys(locale(language, 'errors')).sort()).toEqual(Object.keys(catalogue).sort());
  });

  it('English is the catalogue word for word', () => {
    expect(locale('en', 'errors')).toEqual(catalogue);
  });

  it.each(LANGUAGES)('%s interpolates only values the English has', (language) => {
    const wrong = Object.entries(locale(language, 'errors')).filter(([key, text]) =>
      placeholders(text).some((name) => !placeholders(catalogue[key] ?? '').includes(name)),
    );
    expect(wrong).toEqual([]);
  });
});
