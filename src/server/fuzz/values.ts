// Bad-input generation for the fuzz suites (trpc.fuzz.test.ts, rest.fuzz.test.ts): walks a zod 4 schema
// to a valid-looking base value and the positions inside it, then breaks one position at a time with a
// fixed list of nasty values (every position) and with fast-check arbitraries (a fixed seed; more runs
// or another seed through FUZZ_RUNS / FUZZ_SEED).
import fc from 'fast-check';
import { z } from 'zod';

/** A way into a value: object keys and array indexes. */
export type Path = (string | number)[];

/** What a position of a schema holds; a union position has several kinds. */
export type Kind = 'string' | 'number' | 'boolean' | 'enum' | 'date' | 'object' | 'array' | 'literal' | 'any';

export interface Position {
  path: Path;
  kinds: Kind[];
  /** The schema at that position (with its wrappers). */
  schema: z.ZodType;
}

/** One generated input: what was done (for reports) and the value sent. */
export interface FuzzCase {
  label: string;
  input: unknown;
}

/** Set at a path to remove the key (a missing field). */
export const MISSING = Symbol('missing');

// ---------------------------------------------------------------------------------------------
// The nasty values

/** Nested `depth` times: [[[…]]] or {"a":{"a":…}}. Built iteratively: no recursion limit here. */
export function deepNesting(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = kind === 'array' ? [] : {};
  for (let i = 1; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** An object whose own key is `__proto__` (JSON.parse keeps it as a key; an object literal would set the prototype). */
export function protoObject(): Record<string, unknown> {
  return JSON.parse('{"__proto__":{"polluted":"yes","isAdmin":true}}') as Record<string, unknown>;
}

export const HUGE_STRING_LENGTH = 100_000;
export const DEEP_NESTING = 500;

/** How many of NASTY_STRINGS (the first) carry a NUL byte or a lone surrogate. */
const BAD_CHAR_STRINGS = 5;

/** Strings every string position gets. NUL bytes and lone surrogates first: they are the usual 500s. */
export const NASTY_STRINGS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  'x\ud800y',
  '\udc00',
  'fuzz\udbff',
  'x'.repeat(HUGE_STRING_LENGTH),
  '',
  '   ',
  '%00',
  '\\u0000',
  '\u202e\u0301\ufeff',
  '\ud83d\ude00'.repeat(50),
  "' OR 1=1; --",
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  '1e400',
  '99999999999999999999',
  '-1',
  'null',
  '0000-01-01',
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
];

/** Numbers (and number-like strings: JSON has no NaN) every number position gets. */
export const NASTY_NUMBERS: readonly unknown[] = [
  1e308,
  -1e308,
  -0,
  2 ** 53 + 1,
  -(2 ** 53 + 1),
  2 ** 31,
  -(2 ** 31) - 1,
  1e20,
  2_147_483_647,
  999_999,
  -1,
  0,
  1.5,
  Number.MIN_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  'NaN',
  '1e400',
  '99999999999999999999',
  '-1',
  '0x10',
];

/** Dates at the edges of what JavaScript and PostgreSQL hold. */
export const NASTY_DATES: readonly unknown[] = [
  new Date(Number.NaN),
  new Date(-8.64e15),
  new Date(8.64e15),
  new Date('0001-01-01T00:00:00Z'),
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '0000-00-00',
  '2024-02-30',
  '2024-13-45T25:61:61Z',
  '1e400',
];

/** Values of the wrong type for most positions (a position's own kind is filtered out). */
export function wrongTypes(): { kind: Kind | 'null' | 'missing'; value: unknown }[] {
  return [
    { kind: 'missing', value: MISSING },
    { kind: 'null', value: null },
    { kind: 'boolean', value: true },
    { kind: 'boolean', value: false },
    { kind: 'object', value: { a: 1 } },
    { kind: 'object', value: {} },
    { kind: 'array', value: [] },
    { kind: 'array', value: [1, 'two', null] },
    { kind: 'string', value: 'fuzz' },
    { kind: 'number', value: 12345 },
  ];
}

/** Values placed anywhere: prototype keys (as keys and as values) and deep nesting. */
export function anywhereValues(): unknown[] {
  return [
    protoObject(),
    JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}'),
    { prototype: { polluted: 'yes' } },
    '__proto__',
    deepNesting(DEEP_NESTING, 'array'),
    deepNesting(DEEP_NESTING, 'object'),
  ];
}

/** The fixed list of bad values for a position of the given kinds. */
export function nastyFor(kinds: readonly Kind[]): unknown[] {
  const out: unknown[] = [];
  if (kinds.includes('string') || kinds.includes('enum') || kinds.includes('literal')) out.push(...NASTY_STRINGS);
  if (kinds.includes('number')) out.push(...NASTY_NUMBERS);
  if (kinds.includes('date')) out.push(...NASTY_DATES);
  for (const { kind, value } of wrongTypes()) {
    if (!(kinds as string[]).includes(kind)) out.push(value);
  }
  out.push(...anywhereValues());
  return out;
}

// ---------------------------------------------------------------------------------------------
// Walking zod 4 schemas

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  catchall?: z.ZodType;
  defaultValue?: unknown;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
  'success',
]);
const MAX_DEPTH = 12;

/** The schema under optional/nullable/default/… wrappers and the input side of pipes. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else break;
  }
  return current;
}

/** The kinds a schema position accepts (several for a union). */
export function kindsOf(schema: z.ZodType, depth = 0): Kind[] {
  const def = defOf(unwrap(schema));
  switch (def.type) {
    case 'string':
    case 'template_literal':
      return ['string'];
    case 'number':
    case 'int':
    case 'bigint':
      return ['number'];
    case 'boolean':
      return ['boolean'];
    case 'enum':
      return ['enum'];
    case 'literal':
      return ['literal'];
    case 'date':
      return ['date'];
    case 'object':
    case 'record':
    case 'map':
      return ['object'];
    case 'array':
    case 'tuple':
    case 'set':
      return ['array'];
    case 'union':
      return depth > MAX_DEPTH ? ['any'] : [...new Set((def.options ?? []).flatMap((o) => kindsOf(o, depth + 1)))];
    case 'intersection':
      return def.left ? kindsOf(def.left, depth + 1) : ['any'];
    default:
      return ['any'];
  }
}

/** Valid-looking strings, tried in order against the field's own schema; `salt` keeps unique fields apart. */
function stringCandidates(salt: string, key: string): string[] {
  const lower = key.toLowerCase();
  const byKey: string[] = [];
  if (lower.includes('email')) byKey.push(`fuzz${salt}@example.com`);
  if (lower.includes('color')) byKey.push('#336699');
  if (lower.includes('url') || lower.includes('avatar')) byKey.push('https://example.com/fuzz.png');
  if (['open', 'close', 'time'].some((k) => lower.includes(k))) byKey.push('09:00');
  if (lower.includes('code')) byKey.push(`FZ${salt}`.slice(0, 12).toUpperCase());
  if (lower.includes('query')) byKey.push(`q=fuzz${salt}`);
  if (lower.includes('date') || ['from', 'to', 'start', 'end'].includes(lower))
    byKey.push('2025-01-15T10:00:00.000Z', '2025-01-15');
  return [
    ...byKey,
    `fuzz${salt}`,
    `Fuzz${salt}Pass1word`,
    `fuzz${salt}@example.com`,
    '2025-01-15',
    '2025-01-15T10:00:00.000Z',
    '09:00',
    '#336699',
    'https://example.com/fuzz',
    '00000000-0000-4000-8000-000000000000',
    `FZ${salt}`.slice(0, 12).toUpperCase(),
    'fuzz'.repeat(10),
    'a',
  ];
}

const NUMBER_CANDIDATES = [1, 2, 10, 50, 0, 100, 1000, 0.5, -1];

/** A small deterministic hash of a string. */
export function hashString(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h >>> 0;
}

/**
 * Numbers to try for a field: ids (`id`, `…Id`, `…Ids`) spread over the first dozen rows by salt, so
 * different cases reach different existing records; other numbers the plain candidates.
 */
function numberCandidates(salt: string, key: string): number[] {
  if (key === 'id' || /Ids?$/.test(key)) return [1 + (hashString(`${salt}:${key}`) % 12), ...NUMBER_CANDIDATES];
  return NUMBER_CANDIDATES;
}

function firstValid(schema: z.ZodType, candidates: unknown[]): unknown {
  for (const candidate of candidates) if (schema.safeParse(candidate).success) return candidate;
  return candidates[0];
}

/**
 * A valid-looking value for `schema`: every field present (optional ones too), strings and numbers chosen
 * to pass the field's own checks where one of the candidates does, strings salted (unique keys). Ids and
 * enums vary with the salt (different cases reach different rows and branches); `stable` keeps them at
 * 1 and the first value.
 */
export function baseValue(schema: z.ZodType, salt = '0', key = '', depth = 0, stable = false): unknown {
  if (depth > MAX_DEPTH) return null;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
    case 'success':
    case 'default':
    case 'prefault':
      return baseValue(def.innerType!, salt, key, depth + 1, stable);
    case 'pipe': {
      const inner = unwrap(schema);
      const innerType = defOf(inner).type;
      if (innerType === 'string') return firstValid(schema, stringCandidates(salt, key));
      if (innerType === 'number') return firstValid(schema, stable ? NUMBER_CANDIDATES : numberCandidates(salt, key));
      return baseValue(def.in!, salt, key, depth + 1, stable);
    }
    case 'lazy':
      return baseValue(def.getter!(), salt, key, depth + 1, stable);
    case 'string':
    case 'template_literal':
      return firstValid(schema, stringCandidates(salt, key));
    case 'number':
    case 'int':
      return firstValid(schema, stable ? NUMBER_CANDIDATES : numberCandidates(salt, key));
    case 'bigint':
      return 1n;
    case 'boolean':
      return true;
    case 'date':
      return new Date('2025-01-15T10:00:00.000Z');
    case 'enum': {
      // The value varies with the salt: the first is often special (superadmin, archived…).
      const values = Object.values(def.entries ?? {});
      return stable || salt === '0' ? values[0] : values[hashString(`${salt}:${key}`) % values.length];
    }
    case 'literal':
      return def.values?.[0];
    case 'null':
      return null;
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape ?? {})) out[k] = baseValue(v, salt, k, depth + 1, stable);
      return out;
    }
    case 'record':
      return { fuzz: def.valueType ? baseValue(def.valueType, salt, 'fuzz', depth + 1, stable) : 'fuzz' };
    case 'array':
    case 'set':
      return [baseValue(def.element ?? (def as { valueType?: z.ZodType }).valueType!, salt, key, depth + 1, stable)];
    case 'tuple':
      return (def.items ?? []).map((item) => baseValue(item, salt, key, depth + 1, stable));
    case 'union': {
      const options = def.options ?? [];
      const valid = options
        .map((o) => baseValue(o, salt, key, depth + 1, stable))
        .find((v) => schema.safeParse(v).success);
      return valid !== undefined ? valid : options.length ? baseValue(options[0], salt, key, depth + 1, stable) : null;
    }
    case 'intersection': {
      const left = baseValue(def.left!, salt, key, depth + 1, stable);
      const right = baseValue(def.right!, salt, key, depth + 1, stable);
      return isPlainObject(left) && isPlainObject(right) ? { ...left, ...right } : left;
    }
    default:
      return 'fuzz';
  }
}

/** Every position of the schema (the root is `[]`), in the shape `baseValue` builds. */
export function positions(schema: z.ZodType, path: Path = [], depth = 0): Position[] {
  const out: Position[] = [{ path, kinds: kindsOf(schema), schema }];
  if (depth > MAX_DEPTH) return out;
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape ?? {})) out.push(...positions(v, [...path, k], depth + 1));
      break;
    case 'record':
      if (def.valueType) out.push(...positions(def.valueType, [...path, 'fuzz'], depth + 1));
      break;
    case 'array':
      if (def.element) out.push(...positions(def.element, [...path, 0], depth + 1));
      break;
    case 'tuple':
      (def.items ?? []).forEach((item, i) => out.push(...positions(item, [...path, i], depth + 1)));
      break;
    case 'union': {
      // Nested positions of the option the base value takes (the first object option).
      const option = (def.options ?? []).find((o) => ['object', 'array'].includes(defOf(unwrap(o)).type));
      if (option) out.push(...positions(option, path, depth + 1).slice(1));
      break;
    }
    case 'intersection':
      if (def.left) out.push(...positions(def.left, path, depth + 1).slice(1));
      if (def.right) out.push(...positions(def.right, path, depth + 1).slice(1));
      break;
  }
  return out;
}

interface Bounds {
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
}

/** The length limits of an array schema, from its checks. */
function arrayMax(schema: z.ZodType): number | undefined {
  const checks = (defOf(schema) as { checks?: { _zod: { def: { check: string; maximum?: number } } }[] }).checks ?? [];
  const max = checks.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;
  return typeof max === 'number' ? max : undefined;
}

/**
 * Values exactly at (and just past) a position's own limits: a string of its maximum length (also in
 * two-byte and astral characters), the largest and smallest numbers it takes, an array of its maximum
 * length. Valid by the schema, they find columns narrower than their schema (value too long, integer
 * out of range).
 */
export function boundaryValues(schema: z.ZodType): unknown[] {
  const inner = unwrap(schema);
  const type = defOf(inner).type;
  const bounds = inner as unknown as Bounds;
  const out: unknown[] = [];
  if (type === 'string') {
    const max = bounds.maxLength;
    if (typeof max === 'number' && max <= HUGE_STRING_LENGTH) {
      out.push('x'.repeat(max), 'é'.repeat(max), '\ud83d\ude00'.repeat(Math.floor(max / 2)), 'x'.repeat(max + 1));
    }
    const min = bounds.minLength;
    if (typeof min === 'number' && min > 0) out.push('x'.repeat(min), 'x'.repeat(min - 1));
  } else if (type === 'number') {
    for (const value of [bounds.maxValue, bounds.minValue]) {
      if (typeof value === 'number' && Number.isFinite(value)) out.push(value, value > 0 ? value + 1 : value - 1);
    }
  } else if (type === 'array') {
    const max = arrayMax(inner);
    const element = defOf(inner).element;
    if (max !== undefined && element && max <= 1000)
      out.push(Array.from({ length: max }, (_v, i) => baseValue(element, `b${i}`)));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Building cases

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** The value at `path`, or undefined. */
export function getAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const key of path) {
    if (!isPlainObject(current) && !Array.isArray(current)) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** `base` with the string at every free-text position (not enums) replaced by `f(string)`. */
export function mapStringPositions(schema: z.ZodType, base: unknown, f: (s: string) => string): unknown {
  let out = base;
  for (const { path, kinds } of positions(schema)) {
    const value = getAt(out, path);
    if (kinds.length === 1 && kinds[0] === 'string' && typeof value === 'string') out = setAt(out, path, f(value));
  }
  return out;
}

/** A deep copy of plain data (objects, arrays, dates); other values as they are. */
function clone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clone);
  if (value instanceof Date) return new Date(value.getTime());
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) defineKey(out, k, clone(v));
    return out;
  }
  return value;
}

/** Sets an own property, even `__proto__` (plain assignment would change the prototype). */
function defineKey(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A copy of `base` with `value` at `path` (MISSING removes the key). Missing containers on the way are
 * created; at the root the value replaces the whole input.
 */
export function setAt(base: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value === MISSING ? undefined : value;
  const root = clone(base);
  const container: unknown = root;
  let current = (isPlainObject(container) || Array.isArray(container) ? container : {}) as Record<
    string | number,
    unknown
  >;
  const top = current;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    let next = current[key];
    if (!isPlainObject(next) && !Array.isArray(next)) {
      next = typeof path[i + 1] === 'number' ? [] : {};
      current[key] = next;
    }
    current = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1];
  if (value === MISSING) {
    if (Array.isArray(current) && typeof last === 'number') current.splice(last, 1);
    else delete current[last];
  } else if (typeof last === 'string') {
    defineKey(current, last, value);
  } else {
    current[last] = value;
  }
  return top;
}

/** The path as a label: `sections[0].title`, or `(input)` for the root. */
export function pathLabel(path: Path): string {
  if (path.length === 0) return '(input)';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** Whole-input cases any procedure or body gets: empty, wrong types, extra and prototype keys, deep nesting. */
export function wholeInputCases(base: unknown): FuzzCase[] {
  const cases: FuzzCase[] = [
    { label: 'empty (undefined)', input: undefined },
    { label: 'null', input: null },
    { label: 'empty object', input: {} },
    { label: 'empty array', input: [] },
    { label: 'a string', input: 'fuzz' },
    { label: 'a number', input: 1e308 },
    { label: 'true', input: true },
    { label: `${DEEP_NESTING} nested arrays`, input: deepNesting(DEEP_NESTING, 'array') },
    { label: `${DEEP_NESTING} nested objects`, input: deepNesting(DEEP_NESTING, 'object') },
    { label: 'own __proto__ key', input: protoObject() },
    { label: 'constructor.prototype keys', input: JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}') },
  ];
  if (base !== undefined) {
    // Twice: a create then meets its own unique keys (a 409, never a 500).
    cases.push({ label: 'base (valid-looking)', input: base }, { label: 'base again (duplicate)', input: clone(base) });
  }
  if (isPlainObject(base)) {
    cases.push(
      { label: 'extra unknown keys', input: { ...base, fuzzUnknown: 'x', $where: '1', 'a.b': 1, '': 0 } },
      { label: 'base + own __proto__ key', input: setAt(base, ['__proto__'], { polluted: 'yes' }) },
      {
        label: 'base + constructor/prototype keys',
        input: { ...base, constructor: { prototype: { polluted: 'yes' } }, prototype: 1 },
      },
    );
  }
  return cases;
}

/**
 * The fixed cases of a schema: the whole-input ones, then every nasty value at every position of the
 * valid-looking base, one position at a time. `salt(i)` varies the base per case (unique fields).
 */
export function fixedCases(schema: z.ZodType | undefined, salt: (i: number) => string = String): FuzzCase[] {
  if (!schema) return wholeInputCases(undefined);
  const first = baseValue(schema, salt(0));
  const cases = wholeInputCases(first);
  // The first base again with its text changed in case and padding: unique keys compared loosely.
  cases.push(
    { label: 'base again, text upper-cased', input: mapStringPositions(schema, first, (s) => s.toUpperCase()) },
    { label: 'base again, text padded', input: mapStringPositions(schema, first, (s) => ` ${s} `) },
  );
  let i = 1;
  for (const position of positions(schema)) {
    if (position.path.length === 0) continue; // the whole-input cases cover the root
    for (const value of [...nastyFor(position.kinds), ...boundaryValues(position.schema)]) {
      const base = baseValue(schema, salt(i++));
      cases.push({
        label: `${pathLabel(position.path)} = ${preview(value, 60)}`,
        input: setAt(base, position.path, value),
      });
    }
    // NUL bytes and lone surrogates once more on a base with ids 1 and first enum values: whichever
    // base gets past the service's checks carries them to the database.
    if (position.kinds.includes('string')) {
      for (const value of NASTY_STRINGS.slice(0, BAD_CHAR_STRINGS)) {
        const base = baseValue(schema, salt(i++), '', 0, true);
        cases.push({
          label: `${pathLabel(position.path)} = ${preview(value, 60)} (ids 1)`,
          input: setAt(base, position.path, value),
        });
      }
    }
    if (position.kinds.includes('object')) {
      const base = baseValue(schema, salt(i++));
      cases.push({
        label: `${pathLabel(position.path)} + own __proto__ key`,
        input: setAt(base, [...position.path, '__proto__'], { polluted: 'yes' }),
      });
      cases.push({
        label: `${pathLabel(position.path)} + unknown key`,
        input: setAt(base, [...position.path, 'fuzzUnknown'], 'x'),
      });
    }
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// fast-check arbitraries

const BAD_CHARS = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\u202e', '\ufeff', '\uffff'];

// Each arbitrary is made once and shared: a string arbitrary builds, on first use, a map of every value its
// characters can take (1.1 million for `binary`), which a fresh one per generated case rebuilt each time.
let badStrings: fc.Arbitrary<string> | undefined;
let badNumbers: fc.Arbitrary<unknown> | undefined;
let badAnythings: fc.Arbitrary<unknown> | undefined;
const badValues = new Map<string, fc.Arbitrary<unknown>>();

/** Strings with a NUL byte or lone surrogate somewhere, plus random and huge ones. */
export function badString(): fc.Arbitrary<string> {
  return (badStrings ??= fc.oneof(
    fc
      .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...BAD_CHARS), fc.string({ maxLength: 20 }))
      .map(([a, c, b]) => a + c + b),
    fc.constantFrom(...NASTY_STRINGS),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.nat({ max: 3 }).map((n) => 'x'.repeat([1_000, 10_000, 50_000, HUGE_STRING_LENGTH][n])),
  ));
}

/** Huge, negative, fractional and non-finite numbers, and numeric strings. */
export function badNumber(): fc.Arbitrary<unknown> {
  return (badNumbers ??= fc.oneof(
    fc.constantFrom(...NASTY_NUMBERS),
    fc.double(),
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    fc.integer({ min: 2 ** 31 - 2, max: 2 ** 31 + 2 }),
    fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }).map((n) => Number(n)),
    fc.double().map(String),
  ));
}

/** Anything: wrong types, JSON values, prototype keys, deep nesting. */
export function badAnything(): fc.Arbitrary<unknown> {
  return (badAnythings ??= fc.oneof(
    fc.constantFrom(...wrongTypes().map((w) => w.value)),
    fc.constantFrom(...anywhereValues()),
    fc.jsonValue({ maxDepth: 3 }),
    fc
      .nat({ max: 3 })
      .chain((n) =>
        fc.constantFrom(deepNesting([10, 100, 500, 1000][n], 'array'), deepNesting([10, 100, 500, 1000][n], 'object')),
      ),
    fc
      .dictionary(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .map((d) => JSON.parse(JSON.stringify(d)) as unknown),
  ));
}

/** A bad value for a position of the given kinds: mostly its own kind's nasties, sometimes anything. */
export function badValueFor(kinds: readonly Kind[]): fc.Arbitrary<unknown> {
  const key = kinds.join(',');
  const made = badValues.get(key);
  if (made) return made;
  const own: fc.Arbitrary<unknown>[] = [];
  if (kinds.some((k) => k === 'string' || k === 'enum' || k === 'literal' || k === 'any')) own.push(badString());
  if (kinds.includes('number') || kinds.includes('any')) own.push(badNumber());
  if (kinds.includes('date')) own.push(fc.constantFrom(...NASTY_DATES), fc.date({ noInvalidDate: false }));
  own.push(badAnything());
  const arbitrary = fc.oneof(...own);
  badValues.set(key, arbitrary);
  return arbitrary;
}

/**
 * Generated cases for a schema: one to three positions of a fresh valid-looking base broken at once
 * (or, sometimes, the whole input replaced). Shrinks towards fewer positions and simpler values.
 */
export function caseArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<FuzzCase> {
  if (!schema) return badAnything().map((input) => ({ label: 'generated (whole input)', input }));
  const all = positions(schema);
  const inner = all.filter((p) => p.path.length > 0);
  const mutation = fc
    .nat({ max: all.length - 1 })
    .chain((i) => badValueFor(all[i].kinds).map((value) => ({ position: all[i], value })));
  const broken = fc
    .tuple(fc.nat({ max: 1_000_000 }), fc.array(mutation, { minLength: 1, maxLength: inner.length ? 3 : 1 }))
    .map(([salt, mutations]) => {
      let input = baseValue(schema, `g${salt}`);
      for (const m of mutations) input = setAt(input, m.position.path, m.value);
      return { label: `generated: ${mutations.map((m) => pathLabel(m.position.path)).join(', ')}`, input };
    });
  return fc.oneof(
    { arbitrary: broken, weight: 9 },
    { arbitrary: badAnything().map((input) => ({ label: 'generated (whole input)', input })), weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------------
// The router

export interface ProcedureInfo {
  /** Dotted path: `apps.invoice.list`. */
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  /** The input schema (several `.input()`s intersected), if any. */
  input?: z.ZodType;
}

/** Every procedure of a tRPC router, from `router._def.procedures` (a new procedure is listed with no edit here). */
export function listProcedures(router: unknown): ProcedureInfo[] {
  const procedures = (
    router as { _def: { procedures: Record<string, { _def: { type: ProcedureInfo['type']; inputs: z.ZodType[] } }> } }
  )._def.procedures;
  return Object.entries(procedures).map(([path, p]) => ({
    path,
    type: p._def.type,
    input: p._def.inputs.length
      ? p._def.inputs.reduce((a: z.ZodType, b: z.ZodType) => z.intersection(a, b) as z.ZodType)
      : undefined,
  }));
}

// ---------------------------------------------------------------------------------------------
// Settings and reporting

export interface FuzzSettings {
  seed: number;
  /** Generated cases per procedure / route and caller (the fixed list comes on top). */
  runs: number;
}

/** FUZZ_SEED and FUZZ_RUNS from the environment, else the fixed seed and a run count sized for `npm test`. */
export function fuzzSettings(env: Record<string, string | undefined> = process.env, defaultRuns = 20): FuzzSettings {
  const seed = Number.parseInt(env.FUZZ_SEED ?? '', 10);
  const runs = Number.parseInt(env.FUZZ_RUNS ?? '', 10);
  return {
    seed: Number.isSafeInteger(seed) ? seed : 20_251_009,
    runs: Number.isSafeInteger(runs) && runs > 0 ? runs : defaultRuns,
  };
}

/**
 * encodeURIComponent that also takes lone surrogates (which it throws on): they become their WTF-8 bytes,
 * e.g. U+D800 -> %ED%A0%80, which a server must refuse or replace.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text[i] + text[i + 1]);
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i]);
    }
  }
  return out;
}

/** A string cut to `max` characters (the length noted), NUL bytes and surrogates escaped. */
export function clip(text: string, max = 200): string {
  const shown = text.length > max ? `${text.slice(0, max)}…<${text.length} chars>` : text;
  // eslint-disable-next-line no-control-regex -- control characters are what it escapes
  return shown.replace(/[\u0000-\u001f\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A short printable form of any value: escapes NUL and surrogates, abbreviates long strings and deep nesting. */
export function preview(value: unknown, max = 300): string {
  const seen = new Set<unknown>();
  const walk = (v: unknown, depth: number): string => {
    if (v === MISSING) return '<missing>';
    if (v === undefined) return 'undefined';
    if (typeof v === 'string') {
      const shown = v.length > 40 ? `${v.slice(0, 20)}…<${v.length} chars>` : v;
      return JSON.stringify(shown).replace(/[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
    }
    if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'symbol') return v.toString();
    if (typeof v === 'function') return '<function>';
    if (typeof v === 'boolean' || v === null) return String(v);
    if (typeof v !== 'object') return typeof v;
    if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'Date(Invalid)' : `Date(${v.toISOString()})`;
    if (seen.has(v)) return '<cycle>';
    if (depth > 4) {
      let levels = 0;
      let cur: unknown = v;
      while (typeof cur === 'object' && cur !== null && levels < 100_000) {
        cur = Array.isArray(cur) ? cur[0] : Object.values(cur)[0];
        levels++;
      }
      return Array.isArray(v) ? `[…${levels} levels…]` : `{…${levels} levels…}`;
    }
    seen.add(v);
    const text = Array.isArray(v)
      ? `[${v.map((x) => walk(x, depth + 1)).join(',')}]`
      : `{${Object.keys(v)
          .map((k) => `${JSON.stringify(k)}:${walk((v as Record<string, unknown>)[k], depth + 1)}`)
          .join(',')}}`;
    seen.delete(v);
    return text;
  };
  const text = walk(value, 0);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
