// The fuzz suites' findings: classifying the error behind a 5xx, deduplicating, capturing logged errors.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { eachAtOnce } from './at-once.ts';
import { captureLoggedErrors, classify, FuzzReport, hasBadChars } from './report.ts';

/** A driver error as MikroORM wraps PostgreSQL's: a SQLSTATE in `code`. */
function dbError(code: string, message: string): Error {
  return Object.assign(new Error(message), { name: 'DriverException', code });
}

function wrapped(cause: Error): TRPCError {
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause });
}

describe('classify', () => {
  it('names the cause from the SQLSTATE anywhere in the chain', () => {
    expect(classify(wrapped(dbError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'))).cause).toBe(
      'NUL byte / lone surrogate',
    );
    expect(classify(wrapped(dbError('23505', 'duplicate key value violates unique constraint'))).cause).toBe(
      'unique / foreign-key violation',
    );
    expect(classify(wrapped(dbError('23503', 'insert or update violates foreign key constraint'))).cause).toBe(
      'unique / foreign-key violation',
    );
    expect(classify(wrapped(dbError('22003', 'value "2147483648" is out of range for type integer'))).cause).toBe(
      'number out of range',
    );
    expect(classify(wrapped(dbError('22008', 'timestamp out of range'))).cause).toBe('date out of range');
    expect(classify(new RangeError('Maximum call stack size exceeded')).cause).toBe('deep nesting');
    expect(classify(new TypeError('x is not a function')).cause).toBe('other');
  });

  it('blames NUL/surrogates for a protocol error only when the input had them', () => {
    const error = dbError('08P01', 'invalid message format');
    expect(classify(error, { name: 'a\u0000b' }).cause).toBe('NUL byte / lone surrogate');
    expect(classify(error, { name: 'fine' }).cause).toBe('other');
    expect(classify(error, { name: 'fine' }).detail).toBe('08P01 DriverException: invalid message format');
  });

  it('finds NUL bytes and lone surrogates raw, escaped or percent-encoded', () => {
    expect(hasBadChars({ a: ['x', 'y\ud800'] })).toBe(true);
    expect(hasBadChars('?q=%00')).toBe(true);
    expect(hasBadChars('{"q":"\\u0000"}')).toBe(true);
    expect(hasBadChars('%ED%A0%80')).toBe(true);
    expect(hasBadChars('\ud83d\ude00 fine')).toBe(false);
  });
});

describe('FuzzReport', () => {
  it('deduplicates by target, cause and detail (numbers and quoted values aside)', () => {
    const report = new FuzzReport();
    report.add('query a', { cause: 'other', detail: 'value "1" at 3' }, 'case 1', '{}', '500');
    report.add('query a', { cause: 'other', detail: 'value "2" at 4' }, 'case 2', '{}', '500');
    report.add('query a', { cause: 'other', detail: 'value "2" at 4' }, 'shrunk', '{"x":1}', '500', {
      shrunk: true,
      count: false,
    });
    report.add('query b', { cause: 'other', detail: 'value "1" at 3' }, 'case 1', '{}', '500');
    expect(report.findings.size).toBe(2);
    const first = [...report.findings.values()][0];
    expect(first).toMatchObject({ count: 2, label: 'shrunk', shrunk: true });
    expect(report.describe('query a')).toContain('(shrunk)');
    expect(report.summary('fuzz', { routes: 3 })).toContain('2 distinct 5xx');
  });
});

describe('captureLoggedErrors', () => {
  it('gives each request the err it logged, with requests at once', async () => {
    const calls: unknown[] = [];
    const log = { error: (...args: unknown[]) => void calls.push(args) };
    const errors = captureLoggedErrors(log);
    const boom = new Error('boom');
    const failing = errors.during(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.error({ err: boom }, 'unexpected error');
      return 500;
    });
    const quiet = errors.during(async () => {
      log.error('no err here');
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 200;
    });
    expect(await failing).toEqual({ result: 500, error: boom });
    expect(await quiet).toEqual({ result: 200, error: undefined });
    log.error({ err: boom }, 'outside any request');
    expect(calls).toHaveLength(3);
  });
});

describe('eachAtOnce', () => {
  it('runs every item, never more than the width at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await eachAtOnce([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n % 3));
      done.push(n);
      running--;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });
});
