// Migrations are the schema: after every migration has run, the entity metadata must not need any
// table or column change. (Hand-written indexes such as pg_trgm GIN ones are allowed beside it.)
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.ts';
import { initOrm } from './orm.ts';

const db = await createTestDatabase();
const orm = await initOrm(db.url, { pool: { max: 2 } });
afterAll(async () => {
  await orm.close(true);
  await db.drop();
});

describe('migrations and entities', () => {
  it('have no pending migration', async () => {
    expect(await orm.migrator.getPending()).toEqual([]);
  });

  it('agree on every table, column, foreign key and check', async () => {
    const sql = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: true });
    const structural = sql
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !/^(drop|create) (unique )?index\b/i.test(line) && !/^--/.test(line))
      .filter((line) => !/^set names/i.test(line));
    expect(structural).toEqual([]);
  });
});
