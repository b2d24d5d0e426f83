// Database commands: migrate | seed | reset | create-migration [name].
// Uses DATABASE_URL, or the embedded server under DATA_DIR (as `npm start` does).

import { DatabaseSeeder } from '../seed/DatabaseSeeder.ts';
import { seedDemoFiles } from '../seed/files.seeder.ts';
import { loadConfig } from '../src/server/config.ts';
import { connectDatabase } from '../src/server/db/connect.ts';
import { initOrm, migrate } from '../src/server/db/orm.ts';
import { createFileStorage } from '../src/server/domains/workflow/files/storage/index.ts';

const [command, name] = process.argv.slice(2);
const config = loadConfig();
const db = await connectDatabase(config);
const orm = await initOrm(db.url);
try {
  switch (command) {
    case 'migrate':
      console.log('applied:', (await migrate(orm)).join(', ') || 'nothing pending');
      break;
    case 'seed':
      await orm.seeder.seed(DatabaseSeeder);
      await seedDemoFiles(orm.em.fork(), createFileStorage(config.files));
      console.log('seeded');
      break;
    case 'reset':
      await orm.schema.drop({ dropMigrationsTable: true });
      await orm.em.getConnection().execute('drop schema if exists public cascade; create schema public;');
      console.log('applied:', (await migrate(orm)).join(', '));
      await orm.seeder.seed(DatabaseSeeder);
      await seedDemoFiles(orm.em.fork(), createFileStorage(config.files));
      console.log('seeded');
      break;
    case 'create-migration': {
      const result = await orm.migrator.create(undefined, false, false, name);
      console.log(result.fileName ? `created migrations/${result.fileName}` : 'no changes');
      break;
    }
    default:
      console.error('usage: node scripts/db.ts migrate|seed|reset|create-migration [name]');
      process.exitCode = 2;
  }
} finally {
  await orm.close();
  await db.stop();
}
