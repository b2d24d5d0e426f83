// The perform page opened with no network on a warm service worker: the inspector visits it once online
// (the worker installs and precaches the field app), the network goes away, and the page is reloaded
// BENCH_OFFLINE_RUNS times (default 7) on a phone-sized page: the time from the reload to the shell with
// the page in <main> (the shell page, code, strings and fonts from Cache Storage). The task's own data comes
// from the device's store after that, or, with nothing kept, the page says it could not be loaded once
// its query has failed (about 3 s, with react-query's retry).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../src/server/testing/chromium.ts';

const RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 7);

export interface OfflineOpenResult {
  path: string;
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
}

export async function offlineOpen(
  baseUrl: string,
  pagePath: string,
  signIn: { email: string; password: string },
  log: (msg: string) => void,
): Promise<OfflineOpenResult> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-offline-open-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
  });
  try {
    const res = await context.request.post(`${baseUrl}/api/auth/login`, { data: signIn });
    if (!res.ok()) throw new Error(`offline open: sign-in failed: ${res.status()}`);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(pagePath);
    // Installed, active and in control, with its precache complete (install ends when it is).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await page.reload({ waitUntil: 'commit' });
      // The shell with the page inside it (its skeleton at least): what comes from the worker's cache.
      await page.waitForFunction(() => (document.querySelector('main')?.childElementCount ?? 0) > 0);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const result = {
      path: pagePath,
      runs: RUNS,
      medianMs: times[Math.floor(times.length / 2)],
      minMs: times[0],
      maxMs: times[times.length - 1],
    };
    log(`offline open of ${pagePath}: median ${Math.round(result.medianMs)} ms over ${RUNS} reloads`);
    return result;
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
