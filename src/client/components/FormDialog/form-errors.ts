// Field errors of forms: zod issues and server `fieldErrors` keyed by dotted path, and the mapping of
// their (English) messages to keys of the `validation` i18n namespace so they can be translated.

/** Messages per dotted field path (`name`, `sections.0.questions.2.text`); '' is the whole form. */
export type FieldErrors = Record<string, string[]>;

/** Group zod issues by dotted path, as the server's error formatter does. */
export function issuesToFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Errors without those at `path` or below it (a field the user just changed). */
export function withoutPath(errors: FieldErrors, path: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    if (key === path || key.startsWith(`${path}.`)) continue;
    out[key] = messages;
  }
  return out;
}

/** Whether any error sits at `path` or below it. */
export function hasErrorsUnder(errors: FieldErrors, path: string): boolean {
  return Object.keys(errors).some((key) => key === path || key.startsWith(`${path}.`));
}

export interface MessageKey {
  /** Key in the `validation` namespace. */
  key: string;
  /** Interpolation values. */
  values: Record<string, string>;
}

const GENERIC: { pattern: RegExp; key: (m: RegExpMatchArray) => MessageKey }[] = [
  {
    pattern: /^Invalid input: expected (\w+), received (\w+)/,
    key: (m) =>
      ['undefined', 'null', 'NaN'].includes(m[2])
        ? { key: '@required', values: {} }
        : { key: m[1] === 'int' ? '@wholeNumber' : '@invalidType', values: {} },
  },
  {
    pattern: /^Too small: expected string to have >=?(\d+) characters?/,
    key: (m) => (m[1] === '1' ? { key: '@required', values: {} } : { key: '@minLength', values: { min: m[1] } }),
  },
  {
    pattern: /^Too big: expected string to have <=?(\d+) characters?/,
    key: (m) => ({ key: '@maxLength', values: { max: m[1] } }),
  },
  // Only ids are positive (exclusive > 0): an empty record select reads as null -> 0 (issue 10).
  { pattern: /^Too small: expected number to be >0$/, key: () => ({ key: '@chooseOption', values: {} }) },
  {
    pattern: /^Too small: expected number to be >=(-?[\d.]+)/,
    key: (m) => ({ key: '@minNumber', values: { min: m[1] } }),
  },
  // Any other strict bound (`gt(n)`): "at least n" would be wrong.
  {
    pattern: /^Too small: expected number to be >(-?[\d.]+)/,
    key: (m) => ({ key: '@moreThan', values: { min: m[1] } }),
  },
  {
    pattern: /^Too big: expected number to be <=?(-?[\d.]+)/,
    key: (m) => ({ key: '@maxNumber', values: { max: m[1] } }),
  },
  {
    pattern: /^Too small: expected array to have >=?(\d+) items?/,
    key: (m) => ({ key: '@minItems', values: { min: m[1] } }),
  },
  {
    pattern: /^Too big: expected array to have <=?(\d+) items?/,
    key: (m) => ({ key: '@maxItems', values: { max: m[1] } }),
  },
  { pattern: /^Invalid option|^Invalid input: expected "/, key: () => ({ key: '@chooseOption', values: {} }) },
  { pattern: /^Invalid (email|UUID|date|url)/i, key: () => ({ key: '@invalidFormat', values: {} }) },
  { pattern: /^Invalid input$/, key: () => ({ key: '@invalid', values: {} }) },
];

/**
 * The translation key of a validation message. zod's built-in messages map to generic `@` keys;
 * the schemas' own messages are their own keys with each number replaced by `{{n0}}`, `{{n1}}`…
 * ("Name must be at most 200 characters" -> "Name must be at most {{n0}} characters", n0 = "200").
 */
export function describeMessage(message: string): MessageKey {
  for (const { pattern, key } of GENERIC) {
    const match = message.match(pattern);
    if (match) return key(match);
  }
  const values: Record<string, string> = {};
  let index = 0;
  const key = message.replace(/\d+(?: \d{3})*(?:\.\d+)?/g, (number) => {
    const name = `n${index++}`;
    values[name] = number;
    return `{{${name}}}`;
  });
  return { key, values };
}
