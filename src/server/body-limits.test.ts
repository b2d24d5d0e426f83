// Bodies are sized per route and their nesting checked before anything parses them: a large, deeply
// nested body sent without signing in is refused by a linear scan, with a 413 or 400 that says why.
import { describe, expect, it } from 'vitest';
import { AUTH_BODY_LIMIT, jsonTooDeep, MAX_JSON_DEPTH } from './lib/json-body.ts';
import { setupTestApp } from './testing/app.ts';

const t = await setupTestApp();

/** `levels` arrays inside one another, padded with spaces to `bytes` (the scanner's 488 KB probe). */
function nested(levels: number, bytes = 0): string {
  const body = `${'['.repeat(levels)}${']'.repeat(levels)}`;
  return body.length >= bytes ? body : body + ' '.repeat(bytes - body.length);
}

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('the nesting scan', () => {
  it('counts arrays and objects, not brackets inside strings or after escapes', () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ a: '['.repeat(500), b: '\\"{{{{' }))).toBe(false);
    expect(jsonTooDeep(`{"a":${'{"b":'.repeat(70)}1${'}'.repeat(70)}}`)).toBe(true);
  });
});

describe('body limits before parsing', () => {
  it('refuses a 488 KB deeply nested body to a public tRPC procedure with 413 (auth.* takes 16 KB)', async () => {
    const res = await post('/trpc/auth.login', nested(240_000, 488 * 1024));
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(
      `The request body is too large: at most ${AUTH_BODY_LIMIT / 1024} KB here`,
    );
  });

  it('refuses a deeply nested body to any other procedure with 400 naming the depth, before it is parsed', async () => {
    for (const url of ['/trpc/tasks.saveAnswers', '/trpc/auth.me,tasks.list?batch=1']) {
      const res = await post(url, nested(240_000, 488 * 1024));
      expect(res.statusCode, url).toBe(url.includes('auth.') ? 413 : 400);
    }
    const deep = await post('/trpc/tasks.saveAnswers', nested(5000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json<{ message: string }>().message).toBe(
      `The JSON body is nested too deeply: at most ${MAX_JSON_DEPTH} levels`,
    );
    const query = await t.app.inject({
      method: 'GET',
      url: `/trpc/tasks.list?input=${encodeURIComponent(nested(3000))}`,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json<{ message: string }>().message).toMatch(/nested too deeply/);
  });

  it('keeps a normal call working: sign-in over tRPC and a nested but sane input', async () => {
    const login = await post(
      '/trpc/auth.login',
      JSON.stringify({ json: { email: 'admin@demo.com', password: 'admin' } }),
    );
    expect(login.statusCode).toBe(200);
    const sane = await post('/trpc/tasks.saveAnswers', JSON.stringify({ json: { id: 1, answers: [{ a: [[[1]]] }] } }));
    expect(sane.statusCode).toBe(401);
  });

  it('gives REST sign-in a small limit and checks nesting before the JSON parser, 413 and 400 with a message', async () => {
    const big = await post('/api/auth/login', JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(20_000) }));
    expect(big.statusCode).toBe(413);
    expect(big.json<{ message: string }>().message).toMatch(/at most 16 KB/);
    const deep = await post('/api/auth/login', `{"email":${nested(200)}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json<{ message: string }>().message).toMatch(/nested too deeply/);
    const token = await t.token('admin@demo.com');
    const signedIn = await post('/api/apps/email', nested(100_000), { authorization: `Bearer ${token}` });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json<{ message: string }>().message).toMatch(/nested too deeply/);
    const ok = await post('/api/auth/login', JSON.stringify({ email: 'admin@demo.com', password: 'admin' }));
    expect(ok.statusCode).toBe(201);
    const malformed = await post('/api/auth/login', '{"email":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toMatch(/Malformed JSON body/);
  });
});
