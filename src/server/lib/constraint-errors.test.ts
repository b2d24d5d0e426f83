// PostgreSQL unique (23505) and foreign-key (23503; 23001 for ON DELETE RESTRICT) violations are CONFLICT in
// the one error table, so both outlets answer 409 / CONFLICT with a readable message wherever one gets through.
import {
  DriverException,
  ForeignKeyConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAbility } from '../../shared/abilities/index.ts';
import { errorsPlugin } from '../plugins/errors.ts';
import { setupTestApp } from '../testing/app.ts';
import { anyString } from '../testing/matchers.ts';
import { innerContext } from '../trpc/context.ts';
import { createCallerFactory, publicProcedure, router } from '../trpc/init.ts';
import { toAppError } from './app-error.ts';

const t = await setupTestApp();

/** What the database throws for `statement`. */
async function violation(statement: string): Promise<unknown> {
  try {
    await t.orm.em.fork().execute(statement);
  } catch (error) {
    return error;
  }
  throw new Error(`no violation: ${statement}`);
}

const duplicateCode = await violation(
  `insert into customers (code, name, status, created_at, updated_at) select code, 'Twin', status, now(), now() from customers where code = 'ACME'`,
);
const stillUsed = await violation(`delete from invoice_clients where id = (select client_id from invoices limit 1)`);
const missingParent = await violation(
  `update invoices set client_id = 2147483647 where id = (select min(id) from invoices)`,
);

/** A REST outlet (the root error handler) and a tRPC outlet (the base procedure) that rethrow `error`. */
async function outlets(error: unknown) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get('/boom', async () => {
    throw error;
  });
  const rest = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  const caller = createCallerFactory(
    router({
      boom: publicProcedure.query(() => {
        throw error;
      }),
    }),
  )(innerContext({ em: t.orm.em.fork(), user: null, ability: createAbility([]) }));
  const trpc = await caller.boom().then(
    () => null,
    (e: { code: string; message: string }) => ({ code: e.code, message: e.message }),
  );
  return { rest: { status: rest.statusCode, body: rest.json<{ message: string }>() }, trpc };
}

describe('constraint violations', () => {
  it('are what the database throws: 23505, 23001 (a RESTRICT key) and 23503', () => {
    expect(duplicateCode).toBeInstanceOf(UniqueConstraintViolationException);
    expect(stillUsed).toBeInstanceOf(DriverException);
    expect(stillUsed).toMatchObject({ code: '23001' });
    expect(missingParent).toBeInstanceOf(ForeignKeyConstraintViolationException);
  });

  it('a unique violation is 409 / CONFLICT naming the table and the key, never a 500', async () => {
    const message = 'Another record in customers already has this code';
    expect(toAppError(duplicateCode)).toMatchObject({ code: 'CONFLICT', status: 409, message });
    expect(await outlets(duplicateCode)).toEqual({
      rest: { status: 409, body: { message } },
      trpc: { code: 'CONFLICT', message },
    });
  });

  it('deleting a row others still point at is 409 / CONFLICT naming their table in words', async () => {
    const message = 'It is still used by invoices';
    expect(toAppError(stillUsed)).toMatchObject({ code: 'CONFLICT', message });
    expect(await outlets(stillUsed)).toEqual({
      rest: { status: 409, body: { message } },
      trpc: { code: 'CONFLICT', message },
    });
  });

  it('pointing at a missing row is 409 / CONFLICT naming the table it should be in', async () => {
    const message = 'It refers to a record of invoice clients that does not exist';
    expect(toAppError(missingParent)).toMatchObject({ code: 'CONFLICT', message });
    expect((await outlets(missingParent)).rest).toEqual({ status: 409, body: { message } });
  });

  it('anything else stays a 500 with the generic message', async () => {
    expect(await outlets(new Error('disk on fire'))).toEqual({
      rest: { status: 500, body: { message: 'Something went wrong', requestId: anyString() } },
      trpc: { code: 'INTERNAL_SERVER_ERROR', message: 'disk on fire' },
    });
  });
});
