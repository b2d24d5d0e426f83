// Resolve the database: DATABASE_URL when set, else the embedded server under DATA_DIR.
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded.ts';

export interface DatabaseHandle {
  url: string;
  embedded?: EmbeddedDatabase;
  stop(): Promise<void>;
}

export async function connectDatabase(
  config: AppConfig,
  log: (msg: string) => void = () => {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({
    dir: path.join(config.dataDir, 'pg'),
    port: config.embeddedPgPort,
    log,
  });
  return { url: embedded.url, embedded, stop: () => embedded.stop() };
}
