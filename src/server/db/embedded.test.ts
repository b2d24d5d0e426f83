// The embedded PostgreSQL keeps its data across a stop and a start (what `npm start` relies on), and
// answers on its Unix socket (what the tests connect through).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-embedded-'));
fs.chmodSync(dir, 0o755);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('survives a restart with its data', async () => {
    const first = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'keep', fast: true });
    await query(first.url, 'create table notes (body text); insert into notes values ($$kept$$)');
    await first.stop();
    const second = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'keep', fast: true });
    try {
      expect(await query(second.url, 'select body from notes')).toEqual([{ body: 'kept' }]);
      // Its Unix socket answers too (no address: not over TCP).
      expect(
        await query(`${second.socketServerUrl}/keep`, 'select inet_server_addr() as addr, body from notes'),
      ).toEqual([{ addr: null, body: 'kept' }]);
    } finally {
      await second.stop();
    }
  });
});
