// Pure helpers for mixed-direction text: a translated sentence whose interpolated values (user
// content: names, addresses) must be isolated from the sentence around them, so an English name in an
// Arabic sentence (or the reverse) keeps its punctuation and word order.

/** Marks a placeholder in a translated string; a C1 control character no translation contains. */
const MARK = '\u0091';

/** The value given to `t()` for placeholder `name`: found again by `splitPlaceholders`. */
export function placeholderToken(name: string): string {
  return `${MARK}${name}${MARK}`;
}

/** A translated text cut into literal parts and placeholders (`{ name }`), in reading order. */
export function splitPlaceholders(text: string): (string | { name: string })[] {
  const parts = text.split(MARK);
  const out: (string | { name: string })[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 1) out.push({ name: part });
    else if (part) out.push(part);
  });
  return out;
}

/**
 * The `dir` of a text input holding `value`: undefined while it is empty, so the caret and the
 * placeholder follow the page (right-aligned in Arabic); once something is typed, `auto` (direction
 * from the first strong character: "85 Voie du Havre" stays whole) or `ltr` for numbers, codes and
 * addresses like e-mail, so "-0.58347" keeps its minus sign first.
 */
export function inputDir(value: unknown, typed: 'auto' | 'ltr' = 'auto'): 'auto' | 'ltr' | undefined {
  return value === '' || value === null || value === undefined ? undefined : typed;
}
