// Webhooks against a real local HTTP receiver: the event row is written with the change, delivered by
// the delivery jobs, signed so that the Standard Webhooks reference library verifies it, retried with
// the same webhook-id after a failure, redelivered on request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../../db/kysely.ts';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';
import { startWebhookDelivery } from './webhooks.delivery.ts';

const SECRETS_KEY = 'a1'.repeat(32);
const t = await setupTestApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', SECRETS_KEY });

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let failuresLeft = 0;
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  req.on('end', () => {
    received.push({ url: req.url ?? '', headers: req.headers, body });
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      res.writeHead(500).end('not now');
    } else {
      res.writeHead(204).end();
    }
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
const delivery = await startWebhookDelivery({
  orm: t.orm,
  connectionString: t.orm.config.get('clientUrl') ?? '',
  signals: t.app.signals,
  allowPrivate: true,
  secretsKey: Buffer.from(SECRETS_KEY, 'hex'),
  onError: () => {},
});
afterAll(async () => {
  await delivery.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

async function until<T>(check: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('webhooks', () => {
  it('delivers a signed event written with the change, retrying a failure with the same webhook-id', async () => {
    const admin = await t.caller('admin@demo.com');
    const hook = await admin.webhooks.create({ url: target, events: ['location.updated'], description: 'BI sync' });
    expect(hook.secret).toMatch(/^whsec_/);
    expect(JSON.stringify(await admin.webhooks.list())).not.toContain(hook.secret);
    // Encrypted at rest with SECRETS_KEY: the database never holds the secret readable.
    const stored = await db(t.orm.em.fork())
      .selectFrom('webhook_endpoints')
      .select('secret')
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^v1:/);
    expect(stored.secret).not.toContain(hook.secret.slice(6));

    failuresLeft = 1;
    const before = received.length;
    const location = (await admin.locations.list({ itemsPerPage: 1 })).items[0];
    await admin.locations.update({ id: location.id, version: location.version, name: 'Signed and delivered' });

    const [first, second] = await until(() => (received.length >= before + 2 ? received.slice(before) : undefined));
    expect(first.headers['webhook-id']).toBe(second.headers['webhook-id']);
    const verified = new Webhook(hook.secret).verify(second.body, second.headers as Record<string, string>) as {
      type: string;
      data: { id: number; name: string; version: number };
    };
    expect(verified.type).toBe('location.updated');
    expect(verified.data).toMatchObject({
      id: location.id,
      name: 'Signed and delivered',
      version: location.version + 1,
    });

    const log = await until(async () => {
      const page = await admin.webhooks.deliveries({ webhookId: hook.id });
      return page.items[0]?.status === 'delivered' ? page : undefined;
    });
    expect(log.items[0]).toMatchObject({ eventType: 'location.updated', attempts: 2, lastResponseStatus: 204 });
  });

  it('sends a test event, redelivers with the same webhook-id, and sends nothing for a rolled-back change', async () => {
    const admin = await t.caller('admin@demo.com');
    const hook = await admin.webhooks.create({ url: target, events: ['location.updated'] });
    const test = await admin.webhooks.test({ id: hook.id });
    const sent = await until(() => received.find((r) => r.headers['webhook-id'] === test.messageId));
    expect(JSON.parse(sent.body)).toMatchObject({ type: 'webhook.test' });
    await until(async () =>
      (await admin.webhooks.deliveries({ webhookId: hook.id })).items[0]?.status === 'delivered' ? true : undefined,
    );
    const count = received.filter((r) => r.headers['webhook-id'] === test.messageId).length;
    await admin.webhooks.redeliver({ deliveryId: test.id });
    await until(() =>
      received.filter((r) => r.headers['webhook-id'] === test.messageId).length > count ? true : undefined,
    );

    // A change refused (stale version) writes no event.
    const location = (await admin.locations.list({ itemsPerPage: 1 })).items[0];
    expect(
      await codeOf(admin.locations.update({ id: location.id, version: location.version - 1, name: 'Never' })),
    ).toBe('CONFLICT');
    const log = await admin.webhooks.deliveries({ webhookId: hook.id });
    expect(log.items.map((d) => d.eventType)).toEqual(['webhook.test']);
  });

  it('sends each event once and in order with two delivering processes, the first within 10 s', async () => {
    const second = await startWebhookDelivery({
      orm: t.orm,
      connectionString: t.orm.config.get('clientUrl') ?? '',
      signals: t.app.signals,
      allowPrivate: true,
      secretsKey: Buffer.from(SECRETS_KEY, 'hex'),
      onError: () => {},
    });
    try {
      const admin = await t.caller('admin@demo.com');
      await admin.webhooks.create({ url: `${target}?lane=two`, events: ['location.updated'] });
      const location = (await admin.locations.list({ itemsPerPage: 1 })).items[0];
      const started = Date.now();
      let version = location.version;
      for (let i = 0; i < 12; i++) {
        version = (await admin.locations.update({ id: location.id, version, name: `Lane ${i}` })).version;
      }
      const mine = () => received.filter((r) => r.url.endsWith('lane=two'));
      await until(() => (mine().length >= 12 ? true : undefined));
      expect(Date.now() - started).toBeLessThan(10_000 + 12 * 1000);
      // Nothing more arrives: no event went twice.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const ids = mine().map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size).toBe(12);
      expect(ids.length).toBe(12);
      expect(mine().map((r) => (JSON.parse(r.body) as { data: { name: string } }).data.name)).toEqual(
        Array.from({ length: 12 }, (_, i) => `Lane ${i}`),
      );
    } finally {
      await second.stop();
    }
  });

  it('lets only admins of the customer manage endpoints, and refuses a URL that is not http(s)', async () => {
    expect(await codeOf((await t.caller('analyst@demo.com')).webhooks.list())).toBe('FORBIDDEN');
    const nws = await (await t.caller('admin@nws.demo.com')).webhooks.create({
      url: target,
      events: ['task.approved'],
    });
    const acme = await t.caller('admin@demo.com');
    expect(await codeOf(acme.webhooks.deliveries({ webhookId: nws.id }))).toBe('NOT_FOUND');
    expect(await codeOf(acme.webhooks.update({ id: nws.id, enabled: false }))).toBe('NOT_FOUND');
    expect(await codeOf(acme.webhooks.create({ url: 'ftp://example.com/x', events: ['task.approved'] }))).toBe(
      'BAD_REQUEST',
    );
  });
});
