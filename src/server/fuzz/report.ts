// What the fuzz suites found: every 5xx / INTERNAL_SERVER_ERROR, classified by cause from the error
// chain (PostgreSQL SQLSTATEs, stack overflows, output validation), deduplicated, and printed grouped.
import { AsyncLocalStorage } from 'node:async_hooks';
export type Cause =
  | 'NUL byte / lone surrogate'
  | 'unique / foreign-key violation'
  | 'number out of range'
  | 'date out of range'
  | 'deep nesting'
  | 'output validation'
  | 'other';

export interface Finding {
  /** `query users.list as admin@demo.com`, `GET /api/apps/invoice/:id as anonymous`. */
  target: string;
  cause: Cause;
  /** The underlying error: SQLSTATE and first line of its message. */
  detail: string;
  label: string;
  /** The input (tRPC) or request (REST), printable. */
  input: string;
  response: string;
  /** How many cases hit this same target, cause and detail. */
  count: number;
  /** Set when fast-check shrank a generated failure to this smaller input. */
  shrunk?: boolean;
}

interface ErrorLike {
  name?: string;
  message?: string;
  code?: unknown;
  sqlState?: unknown;
  cause?: unknown;
}

/** The error and its causes, outermost first. */
export function errorChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && chain.length < 10 && !chain.includes(current)) {
    chain.push(current);
    current = (current as ErrorLike).cause;
  }
  return chain;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// eslint-disable-next-line no-control-regex -- NUL bytes are what it looks for
const BAD_CHARS = /\u0000|%00|\\u0000|\\ud[89a-f][0-9a-f]{2}|%ED%[AB][0-9A-F]/i;

/** Whether a NUL byte or lone surrogate is somewhere in the value (raw, JSON-escaped or percent-encoded). */
export function hasBadChars(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return BAD_CHARS.test(value) || LONE_SURROGATE.test(value);
  if (Buffer.isBuffer(value)) return value.includes(0);
  if (typeof value !== 'object' || value === null || depth > 20) return false;
  return Object.values(value).some((v) => hasBadChars(v, depth + 1));
}

/** SQLSTATEs PostgreSQL (and its wire protocol) answer a NUL byte or a lone surrogate with. */
const BAD_CHAR_STATES = new Set(['22021', '22P05', '08P01', '22P02']);

/** The cause class and a one-line description of an unexpected error; `input` is what was sent. */
export function classify(error: unknown, input?: unknown): { cause: Cause; detail: string } {
  const chain = errorChain(error);
  const sqlState = chain
    .flatMap((e) => [e.sqlState, e.code])
    .find((c): c is string => typeof c === 'string' && SQLSTATE.test(c));
  const innermost = chain[chain.length - 1] ?? {};
  const message = String(innermost.message ?? error)
    .split('\n')[0]
    .slice(0, 200);
  const detail = `${sqlState ? `${sqlState} ` : ''}${innermost.name && innermost.name !== 'Error' ? `${innermost.name}: ` : ''}${message}`;
  const all = chain.map((e) => `${e.name ?? ''} ${e.message ?? ''}`).join(' | ');
  let cause: Cause = 'other';
  if (
    sqlState === '22021' ||
    sqlState === '22P05' ||
    /0x00|\\u0000|invalid byte sequence|unsupported Unicode escape|surrogate/i.test(all) ||
    (sqlState !== undefined && BAD_CHAR_STATES.has(sqlState) && hasBadChars(input))
  ) {
    cause = 'NUL byte / lone surrogate';
  } else if (
    sqlState === '23505' ||
    sqlState === '23503' ||
    /UniqueConstraint|ForeignKeyConstraint|duplicate key|foreign key/i.test(all)
  ) {
    cause = 'unique / foreign-key violation';
  } else if (sqlState === '22003' || /out of range for type|numeric field overflow/i.test(all)) {
    cause = 'number out of range';
  } else if (
    sqlState === '22008' ||
    sqlState === '22007' ||
    sqlState === '22009' ||
    /date\/time field value out of range|timestamp out of range|Invalid time value/i.test(all)
  ) {
    cause = 'date out of range';
  } else if (sqlState === '54001' || /Maximum call stack|too deeply nested|stack depth/i.test(all)) {
    cause = 'deep nesting';
  } else if (/Output validation failed/i.test(all)) {
    cause = 'output validation';
  }
  return { cause, detail };
}

/**
 * The errors behind 500s, taken from the app's logger: the REST error handlers and the tRPC adapter log
 * `{ err }` for each unexpected error (their answers carry only a request id). The test app runs with
 * logging off, whose logger is one shared object for the app and every request; its `error` is wrapped.
 * Requests run several at once: `during(send)` gives the error logged while handling that request (an
 * injected request runs in its sender's async context, which the wrapper reads).
 */
export function captureLoggedErrors(log: { error: (...args: never[]) => unknown }): {
  during<T>(send: () => Promise<T>): Promise<{ result: T; error: unknown }>;
} {
  const slot = new AsyncLocalStorage<{ error: unknown }>();
  const original = log.error.bind(log) as (...args: unknown[]) => unknown;
  (log as { error: (...args: unknown[]) => unknown }).error = (obj: unknown, ...rest: unknown[]) => {
    const caught = slot.getStore();
    if (caught && obj && typeof obj === 'object' && 'err' in obj) caught.error = obj.err;
    return original(obj, ...rest);
  };
  return {
    async during(send) {
      const caught = { error: undefined as unknown };
      const result = await slot.run(caught, send);
      return { result, error: caught.error };
    },
  };
}

/** Collects findings (deduplicated by target, cause and detail) and counts. */
export class FuzzReport {
  readonly findings = new Map<string, Finding>();
  cases = 0;
  readonly covered = new Set<string>();
  /** Procedures / routes that accepted at least one input (a 2xx): their code past validation was reached. */
  readonly accepted = new Set<string>();

  /**
   * Record a 5xx (deduplicated by target, cause and detail). `count: false` for a re-run while shrinking;
   * `shrunk` marks fast-check's smallest failing input, which then becomes the finding's example.
   */
  add(
    target: string,
    classified: { cause: Cause; detail: string },
    label: string,
    input: string,
    response: string,
    { shrunk = false, count = true }: { shrunk?: boolean; count?: boolean } = {},
  ): Finding {
    const key = `${target}|${classified.cause}|${classified.detail.replace(/\d+/g, '#').replace(/"[^"]*"/g, '"…"')}`;
    const existing = this.findings.get(key);
    if (existing) {
      if (count) existing.count++;
      // A shrunk counterexample is the better example: keep it.
      if (shrunk && !existing.shrunk)
        Object.assign(existing, { label, input: input.slice(0, 400), response: response.slice(0, 400), shrunk });
      return existing;
    }
    const finding: Finding = {
      target,
      ...classified,
      label,
      input: input.slice(0, 400),
      response: response.slice(0, 400),
      count: 1,
      shrunk,
    };
    this.findings.set(key, finding);
    return finding;
  }

  /** The findings of one target, as a failure message. */
  describe(target: string): string {
    return [...this.findings.values()]
      .filter((f) => f.target === target)
      .map(
        (f) =>
          `  ${f.target} [${f.cause}] ${f.detail} (${f.count}x)\n    case: ${f.label}${f.shrunk ? ' (shrunk)' : ''}\n    input: ${f.input}\n    response: ${f.response}`,
      )
      .join('\n');
  }

  /** The end-of-run summary: counts, then every finding grouped by cause. */
  summary(title: string, extra: Record<string, number | string>): string {
    const byCause = new Map<Cause, Finding[]>();
    for (const f of this.findings.values()) byCause.set(f.cause, [...(byCause.get(f.cause) ?? []), f]);
    const lines = [
      `${title}: ${this.cases} cases, ${Object.entries(extra)
        .map(([k, v]) => `${v} ${k}`)
        .join(
          ', ',
        )}, ${this.findings.size} distinct 5xx (${[...this.findings.values()].reduce((n, f) => n + f.count, 0)} cases)`,
    ];
    for (const [cause, findings] of byCause) {
      lines.push(`  ${cause}: ${findings.length} distinct`);
      for (const f of findings) lines.push(`    ${f.target}: ${f.detail} (${f.count}x) — e.g. ${f.label}: ${f.input}`);
    }
    return lines.join('\n');
  }
}
