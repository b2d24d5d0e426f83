// Vitest global setup for browser tests: make sure the client bundle is the one the sources make
// (built in CI, when missing, or when a client or shared source is newer than it), so the app under
// test serves the real built client and never a bundle older than the code under test.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time of any file under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

export default function setup() {
  const index = path.resolve('dist/client/index.html');
  const stale =
    !fs.existsSync(index) ||
    !fs.existsSync(path.resolve('dist/ssr/entry-server.js')) ||
    Math.max(newest('src/client'), newest('src/shared'), fs.statSync('vite.config.ts').mtimeMs) >
      fs.statSync(index).mtimeMs;
  if (process.env.CI || stale) {
    // vitest sets NODE_ENV=test; the bundle under test must be the production build users get.
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
