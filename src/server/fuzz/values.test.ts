// The fuzz suites' generator: schema walking, base values, positions, cases and arbitraries.
import { initTRPC } from '@trpc/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZLoginInput } from '../../shared/schemas/auth.ts';
import { ZListInvoicesInput } from '../../shared/schemas/invoice.ts';
import {
  baseValue,
  boundaryValues,
  caseArbitrary,
  clip,
  DEEP_NESTING,
  deepNesting,
  fixedCases,
  fuzzSettings,
  getAt,
  HUGE_STRING_LENGTH,
  kindsOf,
  listProcedures,
  MISSING,
  nastyFor,
  pathLabel,
  percentEncode,
  positions,
  preview,
  protoObject,
  setAt,
} from './values.ts';

const Nested = z.object({
  name: z.string().trim().min(2).max(50),
  email: z.email(),
  count: z.number().int().min(1).max(10).default(1),
  kind: z.enum(['a', 'b']),
  note: z.string().nullable().optional(),
  when: z.date(),
  tags: z.array(z.string().max(10)).max(5),
  answer: z.union([z.string(), z.number(), z.boolean()]),
  items: z.array(z.object({ key: z.string(), value: z.number() })).default([]),
  meta: z.object({ open: z.string().regex(/^\d{2}:\d{2}$/), flag: z.boolean().default(false) }).optional(),
});

describe('baseValue', () => {
  it('builds a valid value for real and nested schemas', () => {
    for (const schema of [ZLoginInput, ZListInvoicesInput, Nested]) {
      const result = schema.safeParse(baseValue(schema));
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    }
  });

  it('fills optional fields and varies strings by salt', () => {
    const a = baseValue(Nested, 'x1') as Record<string, unknown>;
    const b = baseValue(Nested, 'x2') as Record<string, unknown>;
    expect(a.note).toBeTypeOf('string');
    expect(a.meta).toEqual({ open: '09:00', flag: true });
    expect(a.name).not.toBe(b.name);
    expect(a.email).toBe('fuzzx1@example.com');
  });
});

describe('positions', () => {
  it('lists every nested field with its kinds', () => {
    const byPath = new Map(positions(Nested).map((p) => [pathLabel(p.path), p.kinds]));
    expect(byPath.get('(input)')).toEqual(['object']);
    expect(byPath.get('name')).toEqual(['string']);
    expect(byPath.get('count')).toEqual(['number']);
    expect(byPath.get('kind')).toEqual(['enum']);
    expect(byPath.get('when')).toEqual(['date']);
    expect(byPath.get('tags[0]')).toEqual(['string']);
    expect(byPath.get('answer')).toEqual(['string', 'number', 'boolean']);
    expect(byPath.get('items[0].value')).toEqual(['number']);
    expect(byPath.get('meta.open')).toEqual(['string']);
  });

  it('sees through optional, default, nullable and pipes', () => {
    expect(kindsOf(z.string().trim().toLowerCase().pipe(z.email()).optional())).toEqual(['string']);
    expect(kindsOf(z.coerce.number().int().default(3))).toEqual(['number']);
  });
});

describe('setAt', () => {
  it('changes a copy, removes keys and keeps __proto__ as an own key', () => {
    const base = { a: { b: [1, 2] }, c: 'x' };
    const changed = setAt(base, ['a', 'b', 0], 'bad') as typeof base;
    expect(base.a.b[0]).toBe(1);
    expect(changed.a.b[0]).toBe('bad');
    expect(setAt(base, ['c'], MISSING)).toEqual({ a: { b: [1, 2] } });
    const proto = setAt(base, ['__proto__'], { polluted: 'yes' }) as Record<string, unknown>;
    expect(Object.keys(proto)).toContain('__proto__');
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(getAt(changed, ['a', 'b', 0])).toBe('bad');
  });

  it('replaces the whole input at the root', () => {
    expect(setAt({ a: 1 }, [], null)).toBeNull();
    expect(setAt({ a: 1 }, [], MISSING)).toBeUndefined();
  });
});

describe('nasty values', () => {
  it('nest as deep as asked without recursion', () => {
    let value = deepNesting(DEEP_NESTING, 'array');
    let depth = 0;
    while (Array.isArray(value)) {
      value = value[0];
      depth++;
    }
    expect(depth).toBe(DEEP_NESTING);
    expect(Object.keys(protoObject())).toEqual(['__proto__']);
  });

  it('give each kind its own and the wrong types', () => {
    const numbers = nastyFor(['number']);
    expect(numbers).toContain(1e308);
    expect(numbers).toContain('NaN');
    expect(numbers).toContain(2 ** 53 + 1);
    expect(numbers.some((v) => Object.is(v, -0))).toBe(true);
    expect(numbers).not.toContain(12345); // the wrong type "a number" is not wrong here
    const strings = nastyFor(['string']);
    expect(strings).toContain('a\u0000b');
    expect(strings).toContain('x\ud800y');
    expect(strings.some((v) => typeof v === 'string' && v.length === HUGE_STRING_LENGTH)).toBe(true);
    expect(strings).toContain(null);
    expect(strings).toContain(MISSING);
  });
});

describe('boundaryValues', () => {
  it('sits on the limits of strings, numbers and arrays', () => {
    expect(boundaryValues(z.string().trim().min(2).max(5).optional())).toEqual([
      'xxxxx',
      'ééééé',
      '\ud83d\ude00\ud83d\ude00',
      'xxxxxx',
      'xx',
      'x',
    ]);
    expect(boundaryValues(z.number().int().min(1).max(100))).toEqual([100, 101, 1, 2]);
    expect(boundaryValues(z.number().int())).toContain(Number.MAX_SAFE_INTEGER);
    expect(boundaryValues(z.array(z.number()).max(3))).toEqual([[1, 1, 1]]);
    expect(boundaryValues(z.boolean())).toEqual([]);
  });
});

describe('fixedCases', () => {
  it('puts a NUL byte and a lone surrogate at every string position, one at a time', () => {
    const cases = fixedCases(Nested);
    for (const path of ['name', 'email', 'note', 'tags[0]', 'items[0].key', 'meta.open', 'answer']) {
      expect(
        cases.some((c) => c.label === `${path} = "a\\u0000b"`),
        path,
      ).toBe(true);
      expect(
        cases.some((c) => c.label === `${path} = "x\\ud800y"`),
        path,
      ).toBe(true);
    }
    const nul = cases.find((c) => c.label === 'meta.open = "a\\u0000b"')!.input as {
      meta: { open: string };
      name: string;
    };
    expect(nul.meta.open).toBe('a\u0000b');
    expect(Nested.shape.name.safeParse(nul.name).success).toBe(true); // only that one position is broken
  });

  it('has the whole-input cases, extra keys and a duplicate of the base', () => {
    const labels = fixedCases(Nested).map((c) => c.label);
    for (const label of [
      'empty (undefined)',
      'null',
      `${DEEP_NESTING} nested arrays`,
      'own __proto__ key',
      'extra unknown keys',
      'base again (duplicate)',
      'meta + own __proto__ key',
    ]) {
      expect(labels).toContain(label);
    }
    expect(fixedCases(undefined).length).toBeGreaterThan(5);
  });
});

describe('caseArbitrary', () => {
  it('is deterministic for a seed and breaks the base', () => {
    const a = fc.sample(caseArbitrary(Nested), { seed: 42, numRuns: 30 });
    const b = fc.sample(caseArbitrary(Nested), { seed: 42, numRuns: 30 });
    expect(a.map((c) => preview(c.input))).toEqual(b.map((c) => preview(c.input)));
    const invalid = a.filter((c) => !Nested.safeParse(c.input).success);
    expect(invalid.length).toBeGreaterThan(20);
  });

  it('never throws while generating for real schemas', () => {
    for (const schema of [ZLoginInput, ZListInvoicesInput, Nested, undefined]) {
      expect(fc.sample(caseArbitrary(schema), { seed: 7, numRuns: 50 })).toHaveLength(50);
    }
  });
});

describe('listProcedures', () => {
  it('lists nested procedures with their type and input, merging several inputs', () => {
    const t = initTRPC.create();
    const router = t.router({
      ping: t.procedure.query(() => 'pong'),
      things: t.router({
        add: t.procedure
          .input(z.object({ name: z.string() }))
          .input(z.object({ count: z.number() }))
          .mutation(() => 1),
      }),
    });
    const listed = listProcedures(router);
    expect(listed.map((p) => [p.path, p.type])).toEqual([
      ['ping', 'query'],
      ['things.add', 'mutation'],
    ]);
    expect(listed[0].input).toBeUndefined();
    expect(listed[1].input!.safeParse({ name: 'a', count: 1 }).success).toBe(true);
    expect(listed[1].input!.safeParse({ name: 'a' }).success).toBe(false);
  });
});

describe('settings and printing', () => {
  it('reads FUZZ_SEED and FUZZ_RUNS, with fixed defaults', () => {
    expect(fuzzSettings({}, 20)).toEqual({ seed: 20_251_009, runs: 20 });
    expect(fuzzSettings({ FUZZ_SEED: '7', FUZZ_RUNS: '500' })).toEqual({ seed: 7, runs: 500 });
    expect(fuzzSettings({ FUZZ_RUNS: 'lots' }, 15).runs).toBe(15);
  });

  it('percent-encodes lone surrogates as their WTF-8 bytes', () => {
    expect(percentEncode('a\ud800b')).toBe('a%ED%A0%80b');
    expect(percentEncode('\ud83d\ude00 ')).toBe('%F0%9F%98%80%20');
    expect(percentEncode('\u0000')).toBe('%00');
  });

  it('prints bad values readably', () => {
    expect(preview({ a: 'x\u0000y', b: '\udc00' })).toBe('{"a":"x\\u0000y","b":"\\udc00"}');
    expect(preview('x'.repeat(HUGE_STRING_LENGTH))).toContain(`<${HUGE_STRING_LENGTH} chars>`);
    expect(preview(deepNesting(500, 'array'))).toContain('levels');
    expect(preview(-0)).toBe('-0');
    expect(clip('a\u0000b')).toBe('a\\u0000b');
  });
});
