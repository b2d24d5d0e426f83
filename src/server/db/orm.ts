// MikroORM configuration and lifecycle: connect, migrate, seed an empty database.
// Edit when an ORM option changes; entities are listed in entities.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM } from '@mikro-orm/postgresql';
import { SeedManager } from '@mikro-orm/seeder';
import type { FileStorage } from '../lib/file-storage.ts';
import { entities } from './entities.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function ormConfig(clientUrl: string, opts: { debug?: boolean; poolMax?: number } = {}) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator, SeedManager],
    debug: opts.debug ?? false,
    pool: { min: 0, max: opts.poolMax ?? 10 },
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

export async function initOrm(clientUrl: string, opts: { debug?: boolean; poolMax?: number } = {}): Promise<MikroORM> {
  return MikroORM.init(ormConfig(clientUrl, opts));
}

/** Apply pending migrations; returns their names. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const done = await orm.migrator.up();
  return done.map((m) => m.name);
}

/**
 * Seed the demo data when the database has no customers yet. Returns true when it seeded. With a file
 * storage, the demo evidence photos are stored in it too (seed/files.seeder.ts).
 */
export async function seedIfEmpty(orm: MikroORM, storage?: FileStorage): Promise<boolean> {
  const em = orm.em.fork();
  const [{ count }] = await em
    .getConnection()
    .execute<{ count: string }[]>('select count(*)::int as count from customers');
  if (Number(count) > 0) return false;
  const { DatabaseSeeder } = await import('../../../seed/DatabaseSeeder.ts');
  await orm.seeder.seed(DatabaseSeeder);
  if (storage) {
    const { seedDemoFiles } = await import('../../../seed/files.seeder.ts');
    await seedDemoFiles(orm.em.fork(), storage);
  }
  return true;
}
