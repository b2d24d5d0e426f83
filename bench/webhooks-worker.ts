// Child process of bench/webhooks.ts: the other side of the wire and, when asked, a jobs process.
// Always: a local HTTP receiver answering 204 that counts the `webhook-id`s it receives (the customer's
// system, kept off the benchmark's event loop). On 'deliver': the pg-boss webhook delivery over
// DATABASE_URL, as a separate process running jobs does it; on 'stop-delivery' it stops.
// Reports { port } once listening, { received, lastAt, cpuMs (this process's CPU time so far) } (lastAt: ms since the process's time origin plus
// its start, comparable to the parent's Date.now()) on 'count', and exits on 'stop'.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { initOrm } from '../src/server/db/orm.ts';
import { startWebhookDelivery } from '../src/server/domains/platform/integrations/webhooks.delivery.ts';
import { createSignalHub } from '../src/server/lib/signals.ts';

const url = process.env.DATABASE_URL;
if (!url || !process.send) throw new Error('bench/webhooks-worker.ts is started by bench/webhooks.ts');

const received = new Set<string>();
let lastAt = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received.add(String(req.headers['webhook-id']));
    lastAt = Date.now();
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

let stopDelivery: (() => Promise<void>) | null = null;
process.on('message', (message) => {
  void (async () => {
    if (message === 'count') {
      const { user, system } = process.cpuUsage();
      process.send?.({ received: received.size, lastAt, cpuMs: (user + system) / 1000 });
    }
    if (message === 'deliver') {
      const orm = await initOrm(url, { pool: { max: 6 } });
      const signals = createSignalHub(url);
      const delivery = await startWebhookDelivery({
        orm,
        connectionString: url,
        signals,
        allowPrivate: true,
        onError: (error) => console.error(`[webhooks-worker] delivery error: ${String(error)}`),
      });
      stopDelivery = async () => {
        await delivery.stop();
        await signals.close();
        await orm.close(true);
      };
      process.send?.({ delivering: true });
    }
    if (message === 'stop-delivery') {
      await stopDelivery?.();
      stopDelivery = null;
      process.send?.({ stopped: true });
    }
    if (message === 'stop') {
      await stopDelivery?.();
      receiver.close();
      process.exit(0);
    }
  })();
});
process.send({ port: (receiver.address() as AddressInfo).port });
