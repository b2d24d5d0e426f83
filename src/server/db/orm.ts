// MikroORM configuration and lifecycle: connect, migrate, seed an empty database.
// Edit when an ORM option changes; entities are listed in entities.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM } from '@mikro-orm/postgresql';
import { SeedManager } from '@mikro-orm/seeder';
import pg from 'pg';
import type { DatabasePool } from '../config.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import { entities } from './entities.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface OrmOptions {
  debug?: boolean;
  /** Defaults: 10 connections, 10 s of waiting for one (config.ts `DATABASE_POOL_*`). */
  pool?: Partial<DatabasePool>;
}

export function ormConfig(clientUrl: string, opts: OrmOptions = {}) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator, SeedManager],
    debug: opts.debug ?? false,
    pool: { min: 0, max: opts.pool?.max ?? 10 },
    // pg's pool: a query waits this long for a free connection (or a new one to open), then fails with
    // "timeout exceeded when trying to connect" (lib/app-error.ts: 503 with Retry-After), never for ever.
    driverOptions: { connectionTimeoutMillis: opts.pool?.waitMs ?? 10_000 },
    // pg-boss keeps its job queue in its own schema and migrates it itself (workflow/jobs).
    schemaGenerator: { ignoreSchema: ['pgboss'] },
    migrations: {
      path: path.join(root, 'migrations'),
      pathTs: path.join(root, 'migrations'),
      glob: '!(*.d).ts',
      snapshot: false,
      transactional: true,
      allOrNothing: true,
      emit: 'ts',
    },
    seeder: {
      path: path.join(root, 'seed'),
      pathTs: path.join(root, 'seed'),
      defaultSeeder: 'DatabaseSeeder',
      emit: 'ts',
    },
  });
}

export async function initOrm(clientUrl: string, opts: OrmOptions = {}): Promise<MikroORM> {
  return MikroORM.init(ormConfig(clientUrl, opts));
}

/** The advisory lock key of a start's migrations and first seeding ("opsd" in ASCII). */
const STARTUP_LOCK = 0x6f707364;

/**
 * Run `work` holding the database's startup lock (a PostgreSQL advisory lock on a connection of its
 * own): of several processes started at once on one database, one migrates or seeds while the others
 * wait, then find nothing left to do. A process that dies holding it releases it with its connection.
 */
export async function withStartupLock<T>(clientUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: clientUrl, application_name: 'opsdesk-startup' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Apply pending migrations; returns their names. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const done = await orm.migrator.up();
  return done.map((m) => m.name);
}

/** What an empty database gets at first start: the demo data, or only a first superadmin. */
export interface FirstStart {
  seedDemo: boolean;
  admin?: { email: string; password?: string };
  publicUrl: string;
}

export type FirstStartResult =
  | { seeded: 'none' }
  | { seeded: 'demo' }
  | { seeded: 'admin'; email: string; setupLink?: string };

/**
 * Prepare a database that has no account yet: the demo customers and accounts (with their evidence
 * photos in `storage`), or the first superadmin (seed/first-admin.ts). A database with any account is
 * left as it is.
 */
export async function prepareEmptyDatabase(
  orm: MikroORM,
  first: FirstStart,
  storage?: FileStorage,
): Promise<FirstStartResult> {
  const em = orm.em.fork();
  const [{ count }] = await em.getConnection().execute<{ count: string }[]>('select count(*)::int as count from users');
  if (Number(count) > 0) return { seeded: 'none' };
  if (!first.seedDemo) {
    const { createFirstAdmin } = await import('../../../seed/first-admin.ts');
    const admin = await createFirstAdmin(em, { ...first.admin, publicUrl: first.publicUrl });
    return { seeded: 'admin', ...admin };
  }
  const { DatabaseSeeder } = await import('../../../seed/DatabaseSeeder.ts');
  await orm.seeder.seed(DatabaseSeeder);
  if (storage) {
    const { seedDemoFiles } = await import('../../../seed/files.seeder.ts');
    await seedDemoFiles(orm.em.fork(), storage);
  }
  return { seeded: 'demo' };
}
