// Strings PostgreSQL cannot store (NUL) or that are not valid UTF-16 (unpaired surrogates), found
// anywhere in an input. The tRPC base procedure and the /api scope reject them before any parsing.
import { formatMessage } from '../../shared/errors/messages.ts';
import { type AppError, InputError } from './app-error.ts';

// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const isUnsafe = (text: string) => text.search(UNSAFE) !== -1;
/** A key as shown in a path: its unsafe characters replaced by U+FFFD. */
const shown = (key: string) => key.replace(UNSAFE, '\uFFFD');

/** Plain data objects: literal, null-prototype, or dictionaries like Fastify's parsed query (Object.create(null) based). */
function isRecord(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

export const UNSAFE_STRING_MESSAGE = formatMessage('common.unsafeString');

/**
 * Dotted paths ("" for the value itself, `items.2.name`, …) of every string in `value` — object keys
 * included — that holds a NUL or an unpaired surrogate. Walks arrays, plain objects, Maps and Sets,
 * iteratively (deep nesting cannot overflow the stack) and once per object (cycles are fine).
 */
export function unsafeStringPaths(value: unknown): string[] {
  const found = new Set<string>();
  const seen = new WeakSet<object>();
  const stack: [unknown, string][] = [[value, '']];
  const join = (path: string, key: string) => (path ? `${path}.${shown(key)}` : shown(key));
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (isUnsafe(current)) found.add(path);
      continue;
    }
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (Array.isArray(current) || current instanceof Set) {
      [...current].forEach((item, i) => stack.push([item, join(path, String(i))]));
    } else if (current instanceof Map) {
      for (const [key, item] of current) stack.push([key, path], [item, join(path, String(key))]);
    } else if (isRecord(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (isUnsafe(key)) found.add(join(path, key));
        stack.push([item, join(path, key)]);
      }
    }
  }
  return [...found];
}

/**
 * BAD_REQUEST naming each offending field of `values` (e.g. a request's params, query and body), with
 * field errors like other validation errors; null when all is well.
 */
export function unsafeStringsError(...values: unknown[]): AppError | null {
  const paths = [...new Set(values.flatMap(unsafeStringPaths))].sort();
  if (!paths.length) return null;
  const message = paths.map((p) => (p ? `${p}: ${UNSAFE_STRING_MESSAGE}` : UNSAFE_STRING_MESSAGE)).join('; ');
  const issue = { code: 'error', key: 'common.unsafeString', params: {} };
  return new InputError(
    message,
    Object.fromEntries(paths.map((p) => [p, [UNSAFE_STRING_MESSAGE]])),
    Object.fromEntries(paths.map((p) => [p, [issue]])),
  );
}
