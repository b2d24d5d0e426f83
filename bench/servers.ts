// Benchmark child process: the real app (buildApp + listen) and, beside it, a bare Fastify server
// answering the same list queries with raw `pg` (the ceiling: the same Kysely statements, built by the
// same list sources and lib/list over a plain pg pool, but no sessions, abilities, ORM fork or
// response mapping).
// Started by bench/run.ts with DATABASE_URL; reports { appUrl, baselineUrl?, ceilingUrl, token } over IPC.
import path from 'node:path';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { DB } from '../src/server/db/kysely.ts';
import { initOrm } from '../src/server/db/orm.ts';
import { customerSource } from '../src/server/domains/apps/ecommerce/ecommerce-customers.listing.ts';
import { shopFigures } from '../src/server/domains/apps/ecommerce/ecommerce-dashboard.service.ts';
import { orderSource } from '../src/server/domains/apps/ecommerce/ecommerce-orders.listing.ts';
import { salesFigures } from '../src/server/domains/apps/ecommerce/ecommerce-sales.service.ts';
import { runList } from '../src/server/lib/list/index.ts';
import { restValidatorCompiler } from '../src/server/rest/input.ts';
import { ZListEcommerceCustomersInput, ZListOrdersInput, ZShopSalesInput } from '../src/shared/schemas/ecommerce.ts';

const url = process.env.DATABASE_URL;
// The demo tenant of the benchmark caller's copy of the shop (customer ACME), where the rows were loaded.
const tenant = Number(process.env.BENCH_TENANT);
if (!url || !process.send || !Number.isInteger(tenant)) throw new Error('bench/servers.ts is started by bench/run.ts');

// The app as `npm start` builds it: request logs off (warn level), pool of 10 connections.
// CLIENT_DIST measures another client build (e.g. a copy of main's, for a before/after comparison).
const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: url,
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT: '1000',
  ...(process.env.CLIENT_DIST ? { CLIENT_DIST: process.env.CLIENT_DIST } : {}),
});
const orm = await initOrm(url, { pool: { max: 10 } });
const app = await buildApp(config, orm);
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

// BASELINE_DIST: a second app over the same database serving another client build (the cold-load
// check compares the two run by run).
const baseline = process.env.BASELINE_DIST
  ? await buildApp({ ...config, clientDist: path.resolve(process.env.BASELINE_DIST) }, orm)
  : undefined;
await baseline?.listen({ port: 0, host: '127.0.0.1' });
const baselineUrl = baseline ? `http://127.0.0.1:${(baseline.server.address() as { port: number }).port}` : undefined;

const login = await fetch(`${appUrl}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@demo.com', password: 'admin' }),
});
if (login.status !== 201) throw new Error(`login failed: ${login.status} ${await login.text()}`);
const { accessToken } = (await login.json()) as { accessToken: string };

// The ceiling: the same statements through a plain pg pool of the same size.
const pool = new pg.Pool({ connectionString: url, max: 10 });
const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
// Its query is read by the REST layer's validator, as the app's is.
const ceiling = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
ceiling.setValidatorCompiler(restValidatorCompiler);
const orders = orderSource(db, tenant);
const customers = customerSource(db, tenant);
ceiling.get('/orders', { schema: { querystring: ZListOrdersInput } }, (request) => runList(orders, request.query));
ceiling.get('/dashboard', () => shopFigures(db, tenant));
ceiling.get('/sales', { schema: { querystring: ZShopSalesInput } }, (request) =>
  salesFigures(db, tenant, request.query.weeks),
);
ceiling.get('/customers', { schema: { querystring: ZListEcommerceCustomersInput } }, (request) =>
  runList(customers, request.query),
);
await ceiling.listen({ port: 0, host: '127.0.0.1' });
const ceilingUrl = `http://127.0.0.1:${(ceiling.server.address() as { port: number }).port}`;

process.on('message', (message) => {
  if (message !== 'stop') return;
  void (async () => {
    await ceiling.close();
    await db.destroy();
    await baseline?.close();
    await app.close();
    await orm.close();
    process.exit(0);
  })();
});
process.send({ appUrl, baselineUrl, ceilingUrl, token: accessToken });
