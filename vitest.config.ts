// Every suite in one run (`npm test`): unit, integration (real PostgreSQL) and browser (Chromium).
// Global setup provisions PostgreSQL once; each test file clones a fresh database from a template.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'seed/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['src/server/testing/global-setup.ts', 'src/server/testing/browser-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    // Browser waits poll the page; a loaded CI machine needs more than the 1 s default.
    expect: { poll: { timeout: 5_000, interval: 50 } },
    hookTimeout: 120_000,
    fileParallelism: true,
  },
});
