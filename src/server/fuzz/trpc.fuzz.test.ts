// Fuzz every tRPC procedure of appRouter (enumerated from appRouter._def.procedures, so a new procedure
// is covered without a new case): a fixed list of nasty values at every position of its input schema,
// then fast-check generated inputs (fixed seed; FUZZ_RUNS / FUZZ_SEED for longer runs). Callers: anonymous,
// admin@demo.com and, for procedures admin may not call, superadmin@demo.com. Fails on INTERNAL_SERVER_ERROR.
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import superjson from 'superjson';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppCaller, setupTestApp } from '../testing/app.ts';
import { appRouter } from '../trpc/router.ts';
import { AT_ONCE, eachAtOnce } from './at-once.ts';
import { classify, FuzzReport } from './report.ts';
import {
  baseValue,
  caseArbitrary,
  type FuzzCase,
  fixedCases,
  fuzzSettings,
  hashString,
  isPlainObject,
  listProcedures,
  preview,
  wholeInputCases,
} from './values.ts';

const t = await setupTestApp();
const settings = fuzzSettings();
const report = new FuzzReport();
const procedures = listProcedures(appRouter).filter((p) => p.type !== 'subscription');

const ADMIN = 'admin@demo.com';
const SUPERADMIN = 'superadmin@demo.com';
/** Procedures a kept signed-in caller must not run: they end the session every later case needs. */
const SESSION_ENDING = new Set(['auth.logout']);
/** A generated case stops shrinking after this many extra calls. */
const SHRINK_CALLS = 150;

interface Caller {
  name: string;
  email?: string;
  get(): Promise<AppCaller>;
  /** Sign in again after a case ended the session. */
  renew(): Promise<void>;
}

function signedIn(email: string): Caller {
  let caller: Promise<AppCaller> | undefined;
  return {
    name: email,
    email,
    get: () => (caller ??= t.caller(email, { cached: true })),
    async renew() {
      t.forget(email);
      caller = undefined;
      await this.get();
    },
  };
}

const anonymous: Caller = { name: 'anonymous', get: async () => t.createAnonCaller(), renew: async () => undefined };
const admin = signedIn(ADMIN);
const superadmin = signedIn(SUPERADMIN);

// Accounts and customers the suite signs in with: mutations aimed at them would lock the suite out.
const me = await (await admin.get()).auth.me();
const su = await (await superadmin.get()).auth.me();
const protectedUsers = new Set([me.userData.id, su.userData.id]);
const protectedCustomers = new Set([me.userData.customerId].filter((id): id is number => id !== null));

function wouldLockOut(path: string, type: string, input: unknown): boolean {
  if (type !== 'mutation' || !isPlainObject(input)) return false;
  const id = typeof input.id === 'number' || typeof input.id === 'string' ? Number(input.id) : Number.NaN;
  if (path.startsWith('users.')) return protectedUsers.has(id);
  if (path.startsWith('customers.')) return protectedCustomers.has(id);
  return false;
}

type Outcome =
  | { kind: 'ok' }
  | { kind: 'error'; code: string }
  | { kind: '5xx'; error: unknown; code: string }
  | { kind: 'skipped' };

async function invoke(caller: AppCaller, path: string, input: unknown): Promise<unknown> {
  let target: unknown = caller;
  for (const key of path.split('.')) target = (target as Record<string, unknown>)[key];
  return (target as (input: unknown) => Promise<unknown>)(input);
}

function sessionEnded(error: unknown): boolean {
  return (
    error instanceof Error && /no session for/.test(error.message + String((error as { cause?: Error }).cause?.message))
  );
}

/** Procedures that need the HTTP exchange (cookies, rate limits by address): fuzzed over HTTP. */
const HTTP_ONLY = new Set(['auth.login', 'auth.passkeyLogin', 'auth.logout', 'auth.register', 'auth.forgotPassword']);

/** POST /trpc/<path> with the input as superjson, as the browser sends it; a 5xx is the finding. */
async function runOverHttp(caller: Caller, path: string, input: unknown): Promise<Outcome> {
  let payload: string;
  try {
    payload = JSON.stringify(superjson.serialize(input));
  } catch {
    return { kind: 'skipped' }; // a value no HTTP body can carry (a symbol, a cycle)
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (caller.email) headers.authorization = `Bearer ${await t.token(caller.email)}`;
  const res = await t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload });
  if (res.statusCode >= 500)
    return {
      kind: '5xx',
      error: new Error(`HTTP ${res.statusCode}: ${res.body.slice(0, 300)}`),
      code: 'INTERNAL_SERVER_ERROR',
    };
  if (res.statusCode < 300) {
    report.accepted.add(path);
    return { kind: 'ok' };
  }
  return { kind: 'error', code: String(res.statusCode) };
}

async function run(caller: Caller, path: string, type: string, input: unknown, retry = true): Promise<Outcome> {
  if (caller.email && wouldLockOut(path, type, input)) return { kind: 'skipped' };
  report.cases++;
  if (HTTP_ONLY.has(path)) return runOverHttp(caller, path, input);
  try {
    await invoke(await caller.get(), path, input);
    report.accepted.add(path);
    return { kind: 'ok' };
  } catch (error) {
    if (sessionEnded(error) && retry) {
      await caller.renew();
      return run(caller, path, type, input, false);
    }
    const code = error instanceof TRPCError ? error.code : 'THROWN';
    if (code === 'INTERNAL_SERVER_ERROR' || code === 'THROWN') return { kind: '5xx', error, code };
    return { kind: 'error', code };
  }
}

function responseOf(outcome: Outcome & { kind: '5xx' }): string {
  const e = outcome.error as Error;
  return `${outcome.code}: ${e.message}`;
}

/**
 * The salt of the i-th fixed case. The same in every procedure: `directions.update`'s i-th base carries the
 * unique keys `directions.create`'s i-th base created, so updates meet existing keys (a 409, never a 500).
 */
const saltOf = (i: number) => i.toString(36);

/**
 * Which fixed cases a caller gets: `all`; `whole` (whole-input ones only: an anonymous caller stopped
 * before the input is read); `none` (generated only: a signed-in caller of a procedure anyone may call,
 * whose input anonymous callers already took through the whole list).
 */
type FixedList = 'all' | 'whole' | 'none';

async function fuzzAs(caller: Caller, procedure: (typeof procedures)[number], fixed: FixedList): Promise<void> {
  const target = `${procedure.type} ${procedure.path} as ${caller.name}`;
  const record = (c: FuzzCase, outcome: Outcome, opts: { shrunk?: boolean; count?: boolean } = {}) => {
    if (outcome.kind === '5xx')
      report.add(target, classify(outcome.error, c.input), c.label, preview(c.input), responseOf(outcome), opts);
  };
  // 1. The fixed list: every nasty value at every position, one position at a time.
  const cases =
    fixed === 'all' ? fixedCases(procedure.input, saltOf) : fixed === 'whole' ? wholeInputCases(undefined) : [];
  await eachAtOnce(cases, AT_ONCE, async (c) => record(c, await run(caller, procedure.path, procedure.type, c.input)));
  // The same new record created twice at once: a unique key checked before the insert meets the race.
  if (fixed === 'all' && procedure.type === 'mutation' && procedure.input) {
    const twin = {
      label: 'valid-looking base, twice at once',
      input: baseValue(procedure.input, `twin${saltOf(report.cases)}`),
    };
    const outcomes = await Promise.all([0, 1].map(() => run(caller, procedure.path, procedure.type, twin.input)));
    for (const outcome of outcomes) record(twin, outcome);
  }
  // 2. Generated cases; a failure is shrunk to a smaller input (bounded).
  let failedCalls = 0;
  let last: { c: FuzzCase; outcome: Outcome } | undefined;
  const details = await fc.check(
    fc.asyncProperty(caseArbitrary(procedure.input), async (c) => {
      if (failedCalls > SHRINK_CALLS) return true;
      if (failedCalls > 0) failedCalls++;
      const outcome = await run(caller, procedure.path, procedure.type, c.input);
      if (outcome.kind !== '5xx') return true;
      if (failedCalls === 0) {
        failedCalls = 1;
        record(c, outcome);
      }
      last = { c, outcome };
      return false;
    }),
    { seed: settings.seed ^ hashString(target), numRuns: settings.runs },
  );
  if (details.failed && last) record(last.c, last.outcome, { shrunk: true, count: false });
  // The property threw (a bug in the suite, not a 5xx): show it.
  if (details.failed && !last) throw details.errorInstance ?? new Error(`fuzzing ${target} failed`);
}

describe(`tRPC fuzz (seed ${settings.seed}, ${settings.runs} generated cases per procedure and caller)`, () => {
  afterAll(() => {
    const refused = procedures.filter((p) => !report.accepted.has(p.path)).map((p) => p.path);
    if (refused.length)
      console.log(`tRPC fuzz: accepted no input (only their refusals were fuzzed): ${refused.join(', ')}`);
    console.log(
      report.summary('tRPC fuzz', {
        'procedures covered': report.covered.size,
        'of procedures': procedures.length,
        'accepting some input': report.accepted.size,
        'skipped for the signed-in caller (end the session)': [...SESSION_ENDING].join(', '),
      }),
    );
  });

  it('enumerates the router', () => {
    expect(procedures.length).toBeGreaterThan(50);
    expect(procedures.map((p) => p.path)).toContain('auth.login');
  });

  for (const procedure of procedures) {
    it(`${procedure.type} ${procedure.path}`, { timeout: Math.max(120_000, settings.runs * 6_000) }, async () => {
      // A probe no schema accepts (a symbol): refused before the input is read (UNAUTHORIZED, FORBIDDEN) or after.
      const probeCase: FuzzCase = { label: 'probe (a symbol)', input: Symbol('probe') };
      const probed = async (caller: Caller) => {
        const outcome = await run(caller, procedure.path, procedure.type, probeCase.input);
        if (outcome.kind === '5xx') {
          report.add(
            `${procedure.type} ${procedure.path} as ${caller.name}`,
            classify(outcome.error),
            probeCase.label,
            'Symbol(probe)',
            responseOf(outcome),
          );
        }
        return outcome;
      };
      const anonymousProbe = await probed(anonymous);
      const open = !(anonymousProbe.kind === 'error' && ['UNAUTHORIZED', 'FORBIDDEN'].includes(anonymousProbe.code));
      const plan: [Caller, FixedList][] = [[anonymous, open ? 'all' : 'whole']];
      if (!SESSION_ENDING.has(procedure.path)) {
        // Procedures admin may not call fail before their input is read: fuzz those as superadmin too.
        const probe = await probed(admin);
        const forbidden = probe.kind === 'error' && probe.code === 'FORBIDDEN';
        plan.push([admin, open ? 'none' : forbidden ? 'whole' : 'all']);
        if (forbidden) plan.push([superadmin, 'all']);
      }
      const callers = plan.map(([caller]) => caller);
      for (const [caller, fixed] of plan) await fuzzAs(caller, procedure, fixed);
      report.covered.add(procedure.path);
      const targets = callers.map((c) => `${procedure.type} ${procedure.path} as ${c.name}`);
      const found = targets.map((target) => report.describe(target)).filter(Boolean);
      expect(
        found.join('\n'),
        `INTERNAL_SERVER_ERROR from ${procedure.path} (reproduce with FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.runs})`,
      ).toBe('');
    });
  }
});
