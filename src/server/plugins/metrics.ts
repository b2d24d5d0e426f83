// GET /metrics in Prometheus' text format (prom-client): requests by route template and status, their
// durations, the database pool and the job queues. Edit to add a metric; domains count their own
// deliveries through `app.metrics`.
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { Pool } from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics registry (one per app, so several apps in one test process never share counts). */
    metrics: Registry;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Requests that say nothing about the product's work: probes and the scrape itself. */
const UNCOUNTED = new Set(['/healthz', '/readyz', '/metrics']);

export const metricsPlugin = fp<{ token?: string }>(
  async (app, { token }) => {
    const registry = new Registry();
    app.decorate('metrics', registry);
    collectDefaultMetrics({ register: registry });

    const requests = new Counter({
      name: 'opsdesk_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'opsdesk_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route template and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route template, never the URL: ids and query strings would make unbounded label values.
      const route = request.routeOptions.url ?? 'unmatched';
      if (UNCOUNTED.has(route)) return;
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    });

    const pool = async (): Promise<Pool> => await app.orm.em.getConnection().getNativeClient();
    new Gauge({
      name: 'opsdesk_db_pool_connections',
      help: 'Database pool connections by state (in use, idle) and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        const p = await pool();
        this.set({ state: 'in_use' }, p.totalCount - p.idleCount);
        this.set({ state: 'idle' }, p.idleCount);
        this.set({ state: 'waiting' }, p.waitingCount);
      },
    });
    new Gauge({
      name: 'opsdesk_job_queue_jobs',
      help: 'Jobs of each queue by state, as the job queue last counted them',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await app.orm.em
          .getConnection()
          .execute<{ name: string; queued: number; active: number; failed: number }[]>(
            'select name, queued_count as queued, active_count as active, failed_count as failed from pgboss.queue',
          )
          // No queue schema yet (jobs never started against this database): nothing to count.
          .catch(() => []);
        for (const row of rows) {
          for (const state of ['queued', 'active', 'failed'] as const) this.set({ queue: row.name, state }, row[state]);
        }
      },
    });

    app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
      if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'A metrics token is required' });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
