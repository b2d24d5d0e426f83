// `npm start`: builds the client when it is missing or older than its sources, then runs the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dist = path.resolve('dist/client/index.html');

function newest(dir: string): number {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

const stale =
  !fs.existsSync(dist) ||
  !fs.existsSync(path.resolve('dist/ssr/entry-server.js')) ||
  Math.max(newest('src/client'), newest('src/shared')) > fs.statSync(dist).mtimeMs;
if (stale && !process.env.SKIP_CLIENT_BUILD) {
  console.log('building the client (first start or sources changed)…');
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import('../src/server/main.ts');
