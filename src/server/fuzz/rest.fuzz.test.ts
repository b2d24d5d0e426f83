// Fuzz every HTTP route of the app (enumerated from fastify's route listing, so a new route is covered
// without a new case): path params, query strings, JSON and malformed bodies, wrong content types, as
// anonymous and as admin@demo.com. Bodies and query keys come from the tRPC input schemas of the same
// domain (matched by name), plus generic ones. Fixed seed; FUZZ_RUNS / FUZZ_SEED for longer runs.
// Fails on any 5xx, reporting the route, the request and the response (and the error behind it).
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import superjson from 'superjson';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isApiPath } from '../plugins/session.ts';
import { setupTestApp } from '../testing/app.ts';
import { listRoutes, type Route } from '../testing/routes.ts';
import { appRouter } from '../trpc/router.ts';
import { AT_ONCE, eachAtOnce } from './at-once.ts';
import { captureLoggedErrors, classify, FuzzReport } from './report.ts';
import {
  badAnything,
  badString,
  baseValue,
  caseArbitrary,
  clip,
  type FuzzCase,
  fixedCases,
  fuzzSettings,
  HUGE_STRING_LENGTH,
  hashString,
  listProcedures,
  MISSING,
  percentEncode,
  unwrap,
} from './values.ts';

// Subscriptions answer a GET with a stream that stays open (server-sent events); chat-live.test.ts covers them.
const procedures = listProcedures(appRouter).filter((p) => p.type !== 'subscription');

const t = await setupTestApp();
const settings = fuzzSettings(process.env, 15);
const report = new FuzzReport();
const loggedErrors = captureLoggedErrors(t.app.log);
const ADMIN = 'admin@demo.com';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'QUERY']);
// /readyz answers 503 by design until a server listens, and this app is injected, never listening.
const routes = listRoutes(t.app).filter(
  (r) =>
    r.method !== 'HEAD' &&
    (isApiPath(r.url) || !/\.[a-z0-9]+$/i.test(r.url)) &&
    !r.url.includes('*') &&
    r.url !== '/readyz',
);

// ---------------------------------------------------------------------------------------------
// Matching a route to the tRPC procedures of its domain, for body shapes and query keys

function tokens(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9:]+/)
    .filter((s) => s && s !== 'api' && s !== 'csv' && !s.startsWith(':'));
}

/** The procedures sharing most name tokens with the route (queries for GET, mutations otherwise). */
function matchingProcedures(route: Route) {
  const wanted = new Set(tokens(route.url));
  const type = route.method === 'GET' ? 'query' : 'mutation';
  let best = 0;
  let matched: typeof procedures = [];
  for (const p of procedures) {
    if (p.type !== type) continue;
    const have = tokens(p.path);
    const overlap = have.filter((x) => wanted.has(x)).length;
    const score = overlap - 0.01 * have.filter((x) => !wanted.has(x)).length;
    if (overlap === 0 || score < best) continue;
    if (score > best) matched = [];
    best = score;
    matched.push(p);
  }
  return matched;
}

/** Query keys every route gets: the spec's list paging, and the REST layer's own names for filters. */
const COMMON_QUERY_KEYS = ['q', 'page', 'itemsPerPage', 'sortBy', 'orderBy'];
const GENERIC_QUERY_KEYS = [
  'status',
  'id',
  'start',
  'end',
  'from',
  'to',
  'selectedDateRange',
  'selectedDateRange[start]',
  'selectedDateRange[end]',
  'calendars',
  'label',
  'filter',
  'role',
  'plan',
  'userId',
  'courseId',
  'slug',
  'tab',
  'customerId',
  'teamId',
];

/**
 * The query keys each /api route declares (read from its OpenAPI description, made from the route's own
 * schema): exactly what it reads; its schema drops any other key before the handler runs.
 */
async function declaredQueryKeys(): Promise<Map<string, string[]>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  type Operation = { parameters?: { in: string; name: string }[] };
  const doc = res.json<{ paths: Record<string, Record<string, Operation>> }>();
  const keys = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const names = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      if (names.length) keys.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, names);
    }
  return keys;
}
const declared = await declaredQueryKeys();

/**
 * The route's own query keys, then generic others. `declared`: the route names its keys (any other is
 * dropped unread, so the others go all at once, not one by one). Otherwise its own are guessed: the
 * common ones and the input keys of its domain's queries.
 */
function queryKeys(route: Route): { own: string[]; generic: string[]; declared: boolean } {
  const guessed = new Set(COMMON_QUERY_KEYS);
  for (const p of matchingProcedures({ ...route, method: 'GET' })) {
    const inner = p.input && unwrap(p.input);
    const shape = (inner as unknown as { _zod: { def: { shape?: Record<string, unknown> } } } | undefined)?._zod.def
      .shape;
    for (const key of Object.keys(shape ?? {})) guessed.add(key);
  }
  const named = declared.get(`${route.method} ${route.url}`);
  if (!named) return { own: [...guessed], generic: GENERIC_QUERY_KEYS.filter((k) => !guessed.has(k)), declared: false };
  const others = new Set([...guessed, ...GENERIC_QUERY_KEYS]);
  return { own: named, generic: [...others].filter((k) => !named.includes(k)), declared: true };
}

// ---------------------------------------------------------------------------------------------
// Requests

interface FuzzRequest {
  label: string;
  params: Record<string, string>;
  /** Raw query string (already encoded), without `?`. */
  query?: string;
  body?: string | Buffer;
  contentType?: string;
}

/** Raw path segments (already percent-encoded). */
const PATH_VALUES = [
  '%00',
  '1%00',
  '99999999999999999999',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e400',
  'NaN',
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  '%25',
  encodeURIComponent('x'.repeat(150)),
  encodeURIComponent('x'.repeat(250)),
  '__proto__',
  'constructor',
  'prototype',
  '..%2F..%2Fetc%2Fpasswd',
  'null',
  "'%20OR%201=1",
  '%F0%9F%98%80',
];

/** Raw (already encoded) query values. */
const QUERY_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%ED%B0%80x',
  '%',
  '%zz',
  '1e400',
  '-5',
  '0',
  '1.5',
  '99999999999999999999',
  '2147483648',
  'NaN',
  '-0',
  encodeURIComponent('x'.repeat(HUGE_STRING_LENGTH)),
  '__proto__',
  encodeURIComponent('{"start":"-271821-04-20","end":"+275760-09-13"}'),
  encodeURIComponent('{"__proto__":{"polluted":1}}'),
  encodeURIComponent('0000-01-01'),
  encodeURIComponent('{"start":"0000-01-01","end":"0000-01-01"}'),
  '',
];

/** The query values every generic key gets on its own. */
const SHARP_QUERY_VALUES = [
  'a%00b',
  '%ED%A0%80',
  '1e400',
  '99999999999999999999',
  encodeURIComponent('0000-01-01'),
  encodeURIComponent('{"start":"0000-01-01","end":"0000-01-01"}'),
];

function fillUrl(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? '1');
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);
}

function jsonBody(value: unknown): string | undefined {
  if (value === undefined || value === MISSING) return undefined;
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
}

const RAW_BODIES: { label: string; body: string | Buffer; contentType?: string }[] = [
  { label: 'empty JSON body', body: '', contentType: 'application/json' },
  { label: 'truncated JSON', body: '{"a":', contentType: 'application/json' },
  { label: 'not JSON', body: 'nul', contentType: 'application/json' },
  { label: 'JSON with own __proto__', body: '{"__proto__":{"polluted":"yes"}}', contentType: 'application/json' },
  {
    label: 'JSON with constructor.prototype',
    body: '{"constructor":{"prototype":{"polluted":"yes"}}}',
    contentType: 'application/json',
  },
  {
    label: 'JSON NUL escape',
    body: '{"q":"\\u0000","name":"a\\u0000b","message":"\\u0000"}',
    contentType: 'application/json',
  },
  {
    label: 'JSON lone surrogate escape',
    body: '{"q":"\\ud800","name":"\\udc00x","message":"\\ud800"}',
    contentType: 'application/json',
  },
  { label: 'raw NUL byte', body: '{"q":"\u0000"}', contentType: 'application/json' },
  {
    label: 'invalid UTF-8',
    body: Buffer.from([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
    contentType: 'application/json',
  },
  { label: '1e400', body: '1e400', contentType: 'application/json' },
  { label: '5000 nested arrays', body: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
  { label: 'over the body limit', body: `"${'x'.repeat(1_100_000)}"`, contentType: 'application/json' },
  { label: 'text/plain', body: 'hello', contentType: 'text/plain' },
  { label: 'form urlencoded', body: 'a=b&__proto__[x]=1', contentType: 'application/x-www-form-urlencoded' },
  {
    label: 'multipart',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
    contentType: 'multipart/form-data; boundary=x',
  },
  { label: 'JSON as UTF-16', body: '{}', contentType: 'application/json; charset=utf-16' },
  { label: 'XML', body: '<a/>', contentType: 'application/xml' },
  { label: 'odd content type', body: '{}', contentType: 'application/json, text/plain' },
  { label: 'empty content type', body: '{}', contentType: '' },
  { label: 'body without content type', body: '{"a":1}' },
];

/** The superjson envelope tRPC reads; superjson refuses own `__proto__` keys, so those go as plain JSON. */
function superjsonText(input: unknown): string {
  if (input === MISSING) return '{}';
  try {
    return JSON.stringify(superjson.serialize(input));
  } catch {
    return `{"json":${jsonBody(input) ?? 'null'}}`;
  }
}

/** The cases a transport can get wrong (the tRPC fuzz drives every position through direct callers). */
const TRPC_HTTP_CASES = new Set([
  'empty (undefined)',
  'null',
  'a string',
  'a number',
  '500 nested arrays',
  '500 nested objects',
  'own __proto__ key',
  'base (valid-looking)',
  'extra unknown keys',
]);

/** tRPC over HTTP for one procedure: its method (GET query / POST mutation) with the envelope, a batch, broken ones. */
function trpcRequests(path: string, type: string, method: string, input?: z.ZodType): FuzzRequest[] {
  const params = { path };
  const own = type === 'query' ? 'GET' : 'POST';
  if (method !== own)
    return [
      {
        label: `tRPC ${type} by ${method}`,
        params,
        query: 'input=%7B%7D',
        body: method === 'GET' ? undefined : '{}',
        contentType: method === 'GET' ? undefined : 'application/json',
      },
    ];
  const cases = fixedCases(input);
  const firstNul = cases.find((c) => c.label.includes('"a\\u0000b"'));
  const firstSurrogate = cases.find((c) => c.label.includes('"x\\ud800y"'));
  const out: FuzzRequest[] = [
    ...cases.filter((c) => TRPC_HTTP_CASES.has(c.label)),
    ...(firstNul ? [firstNul] : []),
    ...(firstSurrogate ? [firstSurrogate] : []),
  ].map((c) =>
    method === 'GET'
      ? { label: `tRPC ${c.label}`, params, query: `input=${encodeURIComponent(superjsonText(c.input))}` }
      : { label: `tRPC ${c.label}`, params, body: superjsonText(c.input), contentType: 'application/json' },
  );
  out.push(
    {
      label: 'tRPC batch with odd keys',
      params: { path: `${path},${path}` },
      query: `batch=1&input=${encodeURIComponent('{"__proto__":{"json":1},"1":{"json":null},"99999999999999999999":{"json":null}}')}`,
      body: method === 'GET' ? undefined : '{"0":{"json":{}},"1":{"json":null}}',
      contentType: method === 'GET' ? undefined : 'application/json',
    },
    { label: 'tRPC malformed input', params, query: 'input=%7B%22json%22%3A' },
    { label: 'tRPC input with NUL', params, query: 'input=%7B%22json%22%3A%22%00%22%7D' },
    {
      label: 'tRPC superjson meta pointing at __proto__',
      params,
      query: `input=${encodeURIComponent('{"json":{"a":1},"meta":{"values":{"__proto__.polluted":["Date"],"a":["bigint"]}}}')}`,
    },
  );
  return out;
}

/** The fixed requests of a route; `gated` (anonymous at a route answering 401) skips the query and body matrices. */
function requestsFor(route: Route, gated: boolean): FuzzRequest[] {
  const names = paramNames(route.url);
  const base: Record<string, string> = Object.fromEntries(names.map((n) => [n, '1']));
  const out: FuzzRequest[] = [{ label: 'base', params: base }];
  for (const name of names)
    for (const value of PATH_VALUES)
      out.push({ label: `:${name} = ${value.slice(0, 40)}`, params: { ...base, [name]: value } });
  if (BODY_METHODS.has(route.method))
    for (const raw of RAW_BODIES)
      out.push({ label: raw.label, params: base, body: raw.body, contentType: raw.contentType });
  if (route.url.startsWith('/trpc/')) {
    // GET and POST carry every procedure; other methods get one query and one mutation.
    const some = ['GET', 'POST'].includes(route.method)
      ? procedures
      : [procedures.find((p) => p.type === 'query')!, procedures.find((p) => p.type === 'mutation')!];
    for (const p of some) out.push(...trpcRequests(p.path, p.type, route.method, p.input));
    return out;
  }
  if (gated) {
    out.push({ label: '?q=%00&page=1e400&itemsPerPage=-5', params: base, query: 'q=%00&page=1e400&itemsPerPage=-5' });
    return out;
  }
  // The route's own keys one at a time; the generic ones all at once (each value), to keep the count down.
  const { own, generic, declared: named } = queryKeys(route);
  for (const key of own) {
    for (const value of QUERY_VALUES)
      out.push({ label: `?${key}=${value.slice(0, 40)}`, params: base, query: `${key}=${value}` });
    out.push({ label: `?${key} repeated`, params: base, query: `${key}=a&${key}=b&${key}=%00` });
    out.push({ label: `?${key}[] object`, params: base, query: `${key}[__proto__][x]=1&${key}[a]=b` });
  }
  // Generic keys: the sharpest values one key at a time (a refusal of one key must not hide another's
  // 500; a route that names its keys drops the others unread), every value with all keys at once.
  for (const key of named ? [] : generic) {
    for (const value of SHARP_QUERY_VALUES)
      out.push({ label: `?${key}=${value.slice(0, 40)}`, params: base, query: `${encodeURIComponent(key)}=${value}` });
  }
  for (const value of QUERY_VALUES) {
    out.push({
      label: `?<${generic.length} generic keys>=${value.slice(0, 40)}`,
      params: base,
      query: generic.map((k) => `${encodeURIComponent(k)}=${value}`).join('&'),
    });
  }
  out.push({ label: 'query __proto__ key', params: base, query: '__proto__=x&constructor=y&prototype=z' });
  out.push({
    label: 'query with 1000 keys',
    params: base,
    query: Array.from({ length: 1000 }, (_v, i) => `k${i}=${i}`).join('&'),
  });
  // Bodies shaped by the domain's mutations (DELETE reads none: it gets the raw bodies only).
  if (BODY_METHODS.has(route.method) && route.method !== 'DELETE') {
    for (const p of matchingProcedures(route)) {
      let salt = 0;
      for (const c of fixedCases(p.input, () => `r${route.method}${salt++}`)) {
        out.push({
          label: `${p.path} body: ${c.label}`,
          params: base,
          body: jsonBody(c.input),
          contentType: 'application/json',
        });
      }
    }
  }
  return out;
}

/** Generated requests: a path value, a few query pairs and a body, all broken. */
function requestArbitrary(route: Route): fc.Arbitrary<FuzzRequest> {
  const names = paramNames(route.url);
  const pathValue = fc.oneof(
    fc.constantFrom(...PATH_VALUES),
    badString().map((s) => percentEncode(s.slice(0, 300))),
    fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
    route.url.startsWith('/trpc/') ? fc.constantFrom(...procedures.map((p) => p.path)) : fc.constant('1'),
  );
  const { own, generic } = queryKeys(route);
  const keys = route.url.startsWith('/trpc/') ? ['input', 'batch'] : [...own, ...generic];
  const queryValue = fc.oneof(
    fc.constantFrom(...QUERY_VALUES),
    badString().map((s) => percentEncode(s)),
  );
  const query = fc
    .array(fc.tuple(fc.constantFrom(...keys, '__proto__', 'x'), queryValue), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
  const schemas = BODY_METHODS.has(route.method) ? matchingProcedures(route).map((p) => p.input) : [];
  const bodyCase: fc.Arbitrary<FuzzCase | undefined> = BODY_METHODS.has(route.method)
    ? fc.oneof(
        ...schemas.map((s) => caseArbitrary(s)),
        badAnything().map((input) => ({ label: 'anything', input })),
      )
    : fc.constant(undefined);
  return fc
    .record({ params: fc.tuple(...names.map(() => pathValue)), query, body: bodyCase })
    .map(({ params, query: q, body }) => {
      const input = body?.input;
      const text = route.url.startsWith('/trpc/') && input !== undefined ? superjsonText(input) : jsonBody(input);
      return {
        label: `generated${body ? `: ${body.label}` : ''}`,
        params: Object.fromEntries(names.map((n, i) => [n, params[i]])),
        query: q,
        body: text,
        contentType: text === undefined ? undefined : 'application/json',
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Running

interface Caller {
  name: string;
  email?: string;
}
const callers: Caller[] = [{ name: 'anonymous' }, { name: ADMIN, email: ADMIN }];

async function send(route: Route, req: FuzzRequest, caller: Caller, retry = true): Promise<LightMyRequestResponse> {
  report.cases++;
  const url = `${fillUrl(route.url, req.params)}${req.query ? `?${req.query}` : ''}`;
  const headers: Record<string, string> = {};
  if (req.contentType !== undefined) headers['content-type'] = req.contentType;
  const opts: InjectOptions & { as?: string; cached?: boolean } = {
    method: route.method,
    url,
    headers,
    as: caller.email,
    cached: true,
  };
  if (req.body !== undefined) opts.payload = req.body;
  const res = await t.request(opts);
  // A case that ended the session (logout…): sign in again and send it once more.
  if (res.statusCode === 401 && caller.email && retry) {
    t.forget(caller.email);
    return send(route, req, caller, false);
  }
  return res;
}

function requestLabel(route: Route, req: FuzzRequest): string {
  const url = `${fillUrl(route.url, req.params)}${req.query ? `?${req.query}` : ''}`;
  const body =
    req.body === undefined
      ? ''
      : ` body(${req.contentType ?? 'no content-type'}): ${clip(Buffer.isBuffer(req.body) ? req.body.toString('latin1') : req.body)}`;
  return `${route.method} ${clip(url)}${body}`;
}

async function check(
  route: Route,
  req: FuzzRequest,
  caller: Caller,
  target: string,
  opts: { shrunk?: boolean; count?: boolean } = {},
): Promise<boolean> {
  const { result: res, error } = await loggedErrors.during(() => send(route, req, caller));
  if (res.statusCode < 300) report.accepted.add(`${route.method} ${route.url}`);
  if (res.statusCode < 500) return true;
  const classified = classify(error ?? new Error(`no cause captured: ${res.body.slice(0, 160)}`), req);
  report.add(
    target,
    classified,
    req.label,
    requestLabel(route, req),
    `${res.statusCode} ${res.body.slice(0, 300)}`,
    opts,
  );
  return false;
}

/** A generated request stops shrinking after this many extra requests. */
const SHRINK_CALLS = 150;
/** Routes that end the caller's session: the signed-in caller sends them only the short list (it signs in again after each). */
const SESSION_ENDING = new Set(['POST /api/auth/logout']);

describe(`REST fuzz (seed ${settings.seed}, ${settings.runs} generated requests per route and caller)`, () => {
  afterAll(() => {
    const refused = routes.map((r) => `${r.method} ${r.url}`).filter((r) => !report.accepted.has(r));
    if (refused.length)
      console.log(`REST fuzz: accepted no request (only their refusals were fuzzed): ${refused.join(', ')}`);
    console.log(
      report.summary('REST fuzz', {
        'REST routes covered': report.covered.size,
        'routes listed': routes.length,
        'accepting some request': report.accepted.size,
      }),
    );
  });

  it('enumerates the routes', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toContain('POST /api/auth/login');
    expect(names).toContain('GET /api/apps/invoice/:id');
    expect(names).toContain('POST /trpc/:path');
    expect(routes.length).toBeGreaterThan(30);
  });

  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    it(name, { timeout: Math.max(120_000, settings.runs * 8_000) }, async () => {
      const base = { label: 'base', params: Object.fromEntries(paramNames(route.url).map((n) => [n, '1'])) };
      const open = (await send(route, base, { name: 'anonymous' })).statusCode !== 401;
      for (const caller of callers) {
        const target = `${name} as ${caller.name}`;
        // The short list for: anonymous callers at a route behind the 401 gate (it answers first), signed-in
        // callers at a route anyone may call (anonymous callers took the full list; the tRPC endpoint aside,
        // whose procedures check the session themselves), and routes that end the session.
        const endsSession = !!caller.email && SESSION_ENDING.has(name);
        const gated = endsSession || (caller.email ? open && !route.url.startsWith('/trpc/') : !open);
        // Several at once (one at a time where a request ends the session the others need).
        await eachAtOnce(requestsFor(route, gated), endsSession ? 1 : AT_ONCE, async (req) => {
          await check(route, req, caller, target);
        });
        // The same new record created twice at once: a unique key checked before the insert meets the race.
        if (!gated && BODY_METHODS.has(route.method) && route.method !== 'DELETE' && !route.url.startsWith('/trpc/')) {
          for (const p of matchingProcedures(route)) {
            if (!p.input) continue;
            const twin: FuzzRequest = {
              label: `${p.path} body, twice at once`,
              params: base.params,
              body: jsonBody(baseValue(p.input, `twin${report.cases}`)),
              contentType: 'application/json',
            };
            await Promise.all([check(route, twin, caller, target), check(route, twin, caller, target)]);
          }
        }
        let failedCalls = 0;
        let last: FuzzRequest | undefined;
        const details = await fc.check(
          fc.asyncProperty(requestArbitrary(route), async (req) => {
            if (failedCalls > SHRINK_CALLS) return true;
            if (failedCalls > 0) failedCalls++;
            const ok = await check(route, req, caller, target, { count: failedCalls === 0 });
            if (ok) return true;
            failedCalls ||= 1;
            last = req;
            return false;
          }),
          {
            seed: settings.seed ^ hashString(target),
            numRuns: endsSession ? Math.min(3, settings.runs) : settings.runs,
          },
        );
        if (details.failed && last) await check(route, last, caller, target, { shrunk: true, count: false });
        // The property threw (a bug in the suite, not a 5xx): show it.
        if (details.failed && !last) throw details.errorInstance ?? new Error(`fuzzing ${target} failed`);
      }
      report.covered.add(name);
      const found = callers.map((c) => report.describe(`${name} as ${c.name}`)).filter(Boolean);
      expect(
        found.join('\n'),
        `5xx from ${name} (reproduce with FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.runs})`,
      ).toBe('');
    });
  }
});
