// What a tRPC client receives for a refusal: `data.key` and `data.values` of the errors catalogue, and
// per field `data.fieldIssues` by code and key (zod's parameters, or a service's key), beside the
// English `message` and `data.fieldErrors` that scripts read.
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../testing/app.ts';

const t = await setupTestApp();

interface ErrorBody {
  error: { json: { message: string; data: Record<string, unknown> } };
}

async function post(path: string, input: unknown, as?: string) {
  const res = await t.request({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { 'content-type': 'application/json' },
    payload: superjson.stringify(input),
    as,
  });
  return { status: res.statusCode, ...(JSON.parse(res.body) as ErrorBody).error.json };
}

async function get(path: string, input: unknown, as?: string) {
  const query = encodeURIComponent(superjson.stringify(input));
  const res = await t.request({ method: 'GET', url: `/trpc/${path}?input=${query}`, as });
  return { status: res.statusCode, ...(JSON.parse(res.body) as ErrorBody).error.json };
}

describe('the tRPC error formatter', () => {
  it('sends input errors by zod code and parameters, and the schema’s key, beside the English', async () => {
    const error = await post('auth.login', { email: '', password: 'x'.repeat(200) });
    expect(error.status).toBe(400);
    expect(error.data).toMatchObject({
      key: 'common.invalidInput',
      fieldIssues: {
        email: [{ code: 'too_small', key: 'email.required', params: { origin: 'string', minimum: 1 } }],
        password: [{ code: 'too_big', params: { origin: 'string', maximum: 128 } }],
      },
      fieldErrors: { email: ['Email is required'] },
    });
    expect(error.message).toContain('email: Email is required');
  });

  it('tells a missing value from a wrong one', async () => {
    const error = await post('auth.login', { email: 'admin@demo.com' });
    expect(error.data.fieldIssues).toMatchObject({
      password: [{ code: 'invalid_type', params: { expected: 'string', received: 'undefined' } }],
    });
  });

  it('sends a service’s refusal by key, its field by key too', async () => {
    const error = await post('auth.login', { email: 'admin@demo.com', password: 'wrong' });
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid email or password',
      data: {
        key: 'auth.invalidCredentials',
        values: {},
        fieldErrors: { email: ['Invalid email or password'] },
        fieldIssues: { email: [{ code: 'error', key: 'auth.invalidCredentials', params: {} }] },
      },
    });
  });

  it('names the kind of record by key, for the reader’s language to say', async () => {
    const error = await get('directions.byId', { id: 2_000_000_000 }, 'admin@demo.com');
    expect(error).toMatchObject({
      status: 404,
      message: 'Direction not found',
      data: { key: 'common.notFound', values: { record: 'Direction' } },
    });
  });

  it('keys the sign-in a procedure needs', async () => {
    const error = await get('directions.byId', { id: 1 });
    expect(error).toMatchObject({ status: 401, message: 'Sign in to continue', data: { key: 'common.signIn' } });
  });
});
