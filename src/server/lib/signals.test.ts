// The signal hub's raw channels against a real PostgreSQL: several listeners share one connection and
// one LISTEN, each hears every NOTIFY until it stops listening, and after the connection is lost they
// hear that it is back (the mail and webhook deliveries catch up on that) and go on hearing.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../db/kysely.ts';
import { setupTestApp } from '../testing/app.ts';
import { type ChannelListener, createSignalHub } from './signals.ts';

const t = await setupTestApp();
const hub = createSignalHub(t.databaseUrl);
afterAll(() => hub.close());

const run = (query: ReturnType<typeof sql>) => query.execute(db(t.orm.em.fork()));
const notify = (payload: string) => run(sql`select pg_notify('hub_test', ${payload})`);

function recorder(): ChannelListener & { heard: string[]; states: boolean[] } {
  const heard: string[] = [];
  const states: boolean[] = [];
  return { heard, states, onMessage: (p) => heard.push(p), onConnection: (c) => states.push(c) };
}

describe('signal hub channels', () => {
  it('hands each NOTIFY to every listener of the channel until each stops listening', async () => {
    const a = recorder();
    const b = recorder();
    const stopA = await hub.listen('hub_test', a);
    const stopB = await hub.listen('hub_test', b);
    await notify('1');
    await expect.poll(() => [a.heard, b.heard]).toEqual([['1'], ['1']]);

    stopA();
    await notify('2');
    await expect.poll(() => b.heard).toEqual(['1', '2']);
    expect(a.heard).toEqual(['1']);

    stopB();
    await notify('3');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.heard).toEqual(['1', '2']);
  });

  it('says when the connection is lost and back, and listeners hear again afterwards', async () => {
    const a = recorder();
    const stop = await hub.listen('hub_test', a);
    await run(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'opsdesk-signals' and datname = current_database()`);
    await expect.poll(() => a.states, { timeout: 5_000 }).toEqual([false, true]);
    await notify('after');
    await expect.poll(() => a.heard).toEqual(['after']);
    stop();
  });
});
