// Per-test-file databases cloned from the migrated, seeded template (see global-setup.ts).
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Create a fresh database from the template; returns its URL and a drop function. */
export async function createTestDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const serverUrl = inject('pgServerUrl');
  const template = inject('templateDatabase');
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  return {
    url: withDatabase(serverUrl, name),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
