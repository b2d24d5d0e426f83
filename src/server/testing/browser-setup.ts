// Vitest global setup for browser tests: make sure the client bundle exists (built once per run
// in CI, or when missing) so the app under test serves the real built client.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export default function setup() {
  const index = path.resolve('dist/client/index.html');
  if (process.env.CI || !fs.existsSync(index)) {
    // vitest sets NODE_ENV=test; the bundle under test must be the production build users get.
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
