// NUL characters and unpaired surrogates in any string of any procedure's input are refused once, by
// the base procedure, with BAD_REQUEST naming the field (they used to reach PostgreSQL and answer 500).
import { TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { UNSAFE_STRING_MESSAGE, unsafeStringPaths } from '../lib/unsafe-strings.ts';
import { setupTestApp } from '../testing/app.ts';

const t = await setupTestApp();
const anon = t.createAnonCaller();
const admin = await t.caller('admin@demo.com');
const superadmin = await t.caller('superadmin@demo.com');

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\uD800b';
const LONE_LOW = '\uDC00';

/** The code, message and field errors a call fails with. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  return {
    code: error.code,
    message: error.message,
    fieldErrors: error.cause instanceof AppError ? error.cause.fieldErrors : undefined,
  };
}

const refused = (field: string) => ({
  code: 'BAD_REQUEST',
  message: `${field}: ${UNSAFE_STRING_MESSAGE}`,
  fieldErrors: { [field]: [UNSAFE_STRING_MESSAGE] },
});

describe('unsafe strings in tRPC inputs', () => {
  it('refuses them in list filters', async () => {
    expect(await refusal(admin.directions.list({ q: NUL }))).toEqual(refused('q'));
    expect(await refusal(admin.apps.ecommerce.products.list({ q: LONE_LOW }))).toEqual(refused('q'));
    expect(await refusal(admin.locations.list({ city: LONE_HIGH }))).toEqual(refused('city'));
  });

  it('refuses them in creates and updates, naming nested fields', async () => {
    expect(await refusal(superadmin.customers.create({ code: 'SAFE1', name: NUL }))).toEqual(refused('name'));
    const north = (await admin.directions.list({ q: 'NORTH' })).items[0];
    expect(await refusal(admin.directions.update({ id: north.id, description: LONE_HIGH }))).toEqual(
      refused('description'),
    );
    const event = {
      title: 'Visit',
      start: new Date(),
      extendedProps: { calendar: 'Business' as const, guests: ['Ann', NUL] },
    };
    expect(await refusal(admin.apps.calendar.events.create(event))).toEqual(refused('extendedProps.guests.1'));
  });

  it('refuses them before signing in: auth.login and auth.register', async () => {
    expect(await refusal(anon.auth.login({ email: `admin@demo.com${'\u0000'}`, password: 'admin' }))).toEqual(
      refused('email'),
    );
    expect(
      await refusal(
        anon.auth.register({
          fullName: LONE_HIGH,
          email: 'new@example.com',
          password: 'Sturdy-Pass1',
          customerCode: 'ACME',
        }),
      ),
    ).toEqual(refused('fullName'));
  });

  it('answers over HTTP with BAD_REQUEST (400) and the field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: superjson.stringify({ email: 'admin@demo.com', password: `ad${'\u0000'}min` }),
    });
    expect(res.statusCode).toBe(400);
    const { error } = JSON.parse(res.body) as {
      error: { json: { message: string; data: { code: string; fieldErrors: object } } };
    };
    expect(error.json.message).toBe(`password: ${UNSAFE_STRING_MESSAGE}`);
    expect(error.json.data).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { password: [UNSAFE_STRING_MESSAGE] } });
  });

  it('lets well-formed text through, surrogate pairs (emoji) included', async () => {
    expect((await admin.directions.list({ q: 'Nord 🧭' })).total).toBe(0);
  });
});

describe('unsafeStringPaths', () => {
  it('walks arrays, objects, keys, Maps and Sets', () => {
    const value = {
      ok: 'fine',
      list: ['x', NUL],
      nested: { [`k${'\u0000'}`]: 'v', deep: new Map([['m', new Set([LONE_LOW])]]) },
    };
    expect(unsafeStringPaths(value).sort()).toEqual(['list.1', 'nested.deep.m.0', 'nested.k\uFFFD']);
    expect(unsafeStringPaths(NUL)).toEqual(['']);
    expect(unsafeStringPaths({ emoji: '😀', accents: 'é', n: 1, d: new Date(), nil: null })).toEqual([]);
  });

  it('survives deep nesting and cycles', () => {
    let deep: unknown = NUL;
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(unsafeStringPaths(deep)).toHaveLength(1);
    const cycle: Record<string, unknown> = { name: NUL };
    cycle.self = cycle;
    expect(unsafeStringPaths(cycle)).toEqual(['name']);
  });
});
