// What a start checks before anything else, so that a misconfigured process (a container with a
// read-only volume, a mistyped DATABASE_URL) says what is wrong in one line and exits 1, never a stack
// trace: the data folder can be written, and the database answers. Edit when a start gains a prerequisite.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** A start that cannot go on for a known reason; its message is the one line to print. */
export class StartupError extends Error {}

/** Create `dir` if needed and prove this process can write there (a file written and removed). */
export function ensureWritableDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-check-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new StartupError(
      `DATA_DIR ${dir} is not writable by this process (uid ${process.getuid?.() ?? '?'}, ${code}): ` +
        'give it a folder or volume this user owns, or set DATA_DIR',
    );
  }
}

/** host:port of a connection string (a socket's folder as a path), never its password. */
export function databaseAddress(url: string): string {
  const u = new URL(url);
  return `${decodeURIComponent(u.hostname)}:${u.port || '5432'}`;
}

/** One line naming the host and what went wrong with a connection attempt to `url`. */
export function describeDatabaseError(url: string, error: unknown): string {
  const u = new URL(url);
  const where = databaseAddress(url);
  const name = decodeURIComponent(u.pathname.slice(1)) || decodeURIComponent(u.username);
  const e = error as { code?: string; message?: string };
  switch (e.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `DATABASE_URL: the host ${u.hostname} is not known (${e.code})`;
    case 'ECONNREFUSED':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ETIMEDOUT':
    case 'ECONNRESET':
      return `DATABASE_URL: nothing answers at ${where} (${e.code})`;
    case '28P01':
    case '28000':
      return `DATABASE_URL: the database at ${where} refused user ${decodeURIComponent(u.username)} (${e.message})`;
    case '3D000':
      return `DATABASE_URL: database ${name} does not exist at ${where}`;
  }
  if (/timeout/i.test(e.message ?? '')) return `DATABASE_URL: the database at ${where} did not answer in time`;
  return `DATABASE_URL: cannot use the database at ${where}: ${e.message ?? String(error)}`;
}

/** Connect once to `url` and run `select 1`; a StartupError naming the host when that fails. */
export async function probeDatabase(url: string, timeoutMs = 15_000): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    application_name: 'opsdesk-startup',
  });
  // A server that drops the connection later must not crash the process through an unhandled 'error'.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new StartupError(describeDatabaseError(url, error));
  } finally {
    await client.end().catch(() => undefined);
  }
}
