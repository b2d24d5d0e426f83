// Every suite in one run (`npm test`): unit, integration (real PostgreSQL) and browser (Chromium).
// Global setup provisions PostgreSQL once; each test file clones a fresh database from a template.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'seed/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['src/server/testing/global-setup.ts', 'src/server/testing/browser-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Test files share their worker's modules (each file still runs its own code, its own app, database and
    // browser): importing the server for every file cost 2–3 s, a third of the run. So a test file leaves
    // no module state behind that another file could read: it restores what it stubs (no vi.mock), reads
    // configuration from the app it builds, and takes a fresh copy (vi.resetModules) of a module whose
    // memory it asserts on.
    isolate: false,
    testTimeout: 30_000,
    // Browser waits poll the page; a loaded CI machine needs more than the 1 s default.
    expect: { poll: { timeout: 5_000, interval: 50 } },
    hookTimeout: 120_000,
    fileParallelism: true,
  },
});
