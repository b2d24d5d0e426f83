import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { codeOf } from '../../../testing/trpc.ts';
import { isPrivateAddress, postOnce } from './webhooks.target.ts';

const t = await setupTestApp();

describe('the webhook target guard', () => {
  it('knows loopback, private, link-local, metadata and mapped addresses from public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('refuses endpoints on private targets unless WEBHOOKS_ALLOW_PRIVATE_TARGETS', async () => {
    const admin = await t.caller('admin@demo.com');
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://10.0.0.1/x',
    ]) {
      expect(await codeOf(admin.webhooks.create({ url, events: ['task.approved'] })), url).toBe('BAD_REQUEST');
    }
  });

  it('checks again at connect time and never follows a redirect', async () => {
    const server = http.createServer((_, res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    afterAll(() => new Promise((resolve) => server.close(resolve)));
    const port = (server.address() as AddressInfo).port;
    const refused = await postOnce(`http://localhost:${port}/`, '{}', {}, { allowPrivate: false });
    expect(refused.status).toBeNull();
    const redirected = await postOnce(`http://127.0.0.1:${port}/`, '{}', {}, { allowPrivate: true });
    expect(redirected.status).toBe(302);
    expect(redirected.body).toContain('redirect not followed');
  });

  it('cuts a receiver that hangs at the timeout', async () => {
    const server = http.createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const result = await postOnce(`http://127.0.0.1:${port}/`, '{}', {}, { allowPrivate: true, timeoutMs: 300 });
    expect(result.status).toBeNull();
    expect(result.durationMs).toBeLessThan(2000);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});
