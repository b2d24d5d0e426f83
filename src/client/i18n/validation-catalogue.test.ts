// The validation namespace follows the schemas' message keys (src/shared/errors/validation.ts) plus the
// generic `zod.*` keys of issues without a key of their own, in the four languages, nothing else; its
// keys are identifiers, never English sentences.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../shared/errors/validation.ts';

const LANGUAGES = ['en', 'fr', 'de', 'ar'] as const;
const GENERIC = [
  'zod.required',
  'zod.invalidType',
  'zod.wholeNumber',
  'zod.minLength',
  'zod.maxLength',
  'zod.minNumber',
  'zod.maxNumber',
  'zod.moreThan',
  'zod.minItems',
  'zod.maxItems',
  'zod.chooseOption',
  'zod.invalidFormat',
  'zod.invalid',
];

function flatten(tree: Record<string, unknown>, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[`${prefix}${name}`] = value;
    else flatten(value as Record<string, unknown>, `${prefix}${name}.`, out);
  }
  return out;
}

function locale(language: string): Record<string, string> {
  const url = new URL(`./locales/${language}/validation.json`, import.meta.url);
  return flatten(JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('validation.json', () => {
  const expected = [...Object.keys(VALIDATION_MESSAGES), ...GENERIC].sort();

  it.each(LANGUAGES)('%s has every schema key and the generic ones, no other', (language) => {
    expect(Object.keys(locale(language)).sort()).toEqual(expected);
  });

  it('keys are identifiers, not sentences', () => {
    expect(expected.filter((key) => !/^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+$/.test(key))).toEqual([]);
  });

  it.each(LANGUAGES)('%s interpolates only the parameters the English has', (language) => {
    const english: Record<string, string> = { ...locale('en'), ...VALIDATION_MESSAGES };
    const wrong = Object.entries(locale(language)).filter(([key, text]) =>
      placeholders(text).some((name) => !placeholders(english[key]).includes(name)),
    );
    expect(wrong).toEqual([]);
  });
});
