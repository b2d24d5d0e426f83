// A Kysely on no database for unit tests of SQL builders (lib/list): its driver records every compiled
// statement ({ sql, parameters }) and answers each with the next programmed rows, so a test reads the
// SQL sent and what the code makes of the answers.
import {
  type CompiledQuery,
  type DatabaseConnection,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { DB } from '../db/kysely.ts';

export type Row = Record<string, unknown>;

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** A Kysely on no database: `statements` records what it sends, each answered by the next of `answers` (none left: an error). */
export function fakeDb(...answers: Row[][]) {
  const statements: Statement[] = [];
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      statements.push({ sql: query.sql, parameters: query.parameters });
      const rows = answers.shift();
      if (!rows) throw new Error(`unexpected statement: ${query.sql}`);
      return { rows: rows as R[] };
    },
    streamQuery(): AsyncIterableIterator<never> {
      throw new Error('not used');
    },
  };
  class RecordingDriver extends DummyDriver {
    override async acquireConnection(): Promise<DatabaseConnection> {
      return connection;
    }
  }
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new RecordingDriver(),
      createQueryCompiler: () => new PostgresQueryCompiler(),
      createIntrospector: (k) => new PostgresIntrospector(k),
    },
  });
  return { db, statements };
}
