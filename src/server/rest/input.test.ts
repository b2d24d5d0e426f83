// The REST input path (rest/input.ts) on a bare Fastify: the spec's reading of query strings and paths,
// its wording for refusals, zod's for bodies, and a route's own `read` / `invalid`.
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listInput, ZByIdInput } from '../../shared/schemas/common.ts';
import { sendError } from '../plugins/errors.ts';
import { LegacyAnswer, restInput, restValidatorCompiler } from './input.ts';

const ZListThings = listInput(['name', 'size'], {
  kind: z.enum(['a', 'b']).optional(),
  big: z.boolean().optional(),
  ownerId: z.coerce.number().int().positive().optional(),
  tags: z.array(z.string()).optional(),
});

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(restValidatorCompiler);
app.setErrorHandler((error, request, reply) =>
  error instanceof LegacyAnswer ? error.send(reply) : sendError(error, request, reply),
);
app.get('/things', { schema: { querystring: ZListThings } }, async (request) => request.query);
const ZRenamed = restInput(ZListThings, { read: ({ who, ...rest }) => ({ ...rest, ownerId: who }) });
app.get('/renamed', { schema: { querystring: ZRenamed } }, async (request) => request.query);
app.get(
  '/things/:id',
  { schema: { params: restInput(ZByIdInput, { invalid: () => new LegacyAnswer(404) }) } },
  async (request) => request.params,
);
app.post(
  '/things',
  { schema: { body: z.object({ name: z.string().min(2), size: z.number() }) } },
  async (request) => request.body,
);
afterAll(() => app.close());

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body ? res.json<Record<string, unknown>>() : undefined };
};

describe('REST input', () => {
  it('reads a query with the spec fallbacks', async () => {
    expect((await get('/things')).body).toEqual({ page: 1, itemsPerPage: 10, orderBy: 'asc' });
    const read = await get(
      '/things?q=%20lamp%20&page=2&page=9&itemsPerPage=-1&sortBy=size&orderBy=desc&kind=b&big=1&ownerId=7&tags=x&tags=y&extra=1',
    );
    expect(read.body).toEqual({
      q: 'lamp',
      page: 2,
      itemsPerPage: -1,
      sortBy: 'size',
      orderBy: 'desc',
      kind: 'b',
      big: true,
      ownerId: 7,
      tags: ['x', 'y'],
    });
    const lenient = await get(
      `/things?page=abc&itemsPerPage=0&sortBy=colour&orderBy=up&kind=&big=&q=${'x'.repeat(300)}`,
    );
    expect(lenient.body).toEqual({ q: 'x'.repeat(200), page: 1, itemsPerPage: 10, orderBy: 'asc' });
  });

  it('refuses bad filters with 400 in the spec wording, one summary per field', async () => {
    expect(await get('/things?kind=c')).toEqual({
      status: 400,
      body: { message: 'kind must be one of: a, b', errors: { kind: ['Expected one of a, b'] } },
    });
    expect((await get('/things?big=maybe&ownerId=1e3')).body).toEqual({
      message: 'big must be true or false; ownerId must be a positive integer',
      errors: { big: ['Expected true or false'], ownerId: ['Expected a positive integer'] },
    });
  });

  it("applies a route's read and invalid options", async () => {
    expect((await get('/renamed?who=5')).body).toMatchObject({ ownerId: 5 });
    expect(await get('/things/12')).toEqual({ status: 200, body: { id: 12 } });
    for (const id of ['abc', '0', '1e3', '99999999999'])
      expect(await get(`/things/${id}`), id).toEqual({ status: 404, body: undefined });
  });

  it('takes a body as sent and refuses it in zod words', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'x', size: 'big' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message:
        'name: Too small: expected string to have >=2 characters; size: Invalid input: expected number, received string',
      errors: {
        name: ['Too small: expected string to have >=2 characters'],
        size: ['Invalid input: expected number, received string'],
      },
    });
    expect((await app.inject({ method: 'POST', url: '/things', payload: { name: 'ok', size: 3 } })).json()).toEqual({
      name: 'ok',
      size: 3,
    });
  });
});
