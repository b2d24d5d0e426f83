// Lighthouse (the `lighthouse` package, its default mobile preset: a Moto G Power's screen, slow 4G
// and a 4× slower CPU, simulated) on the pages a phone opens first: /login for a visitor, and the
// inspector's /tasks and perform page signed in. Debian's Chromium (never a downloaded browser) is
// started by playwright-core with a debugging port Lighthouse connects to; a fresh profile per page, so
// each run is a first visit (no HTTP cache, no service worker), signed in through the API when asked.
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../src/server/testing/chromium.ts';

export interface LighthouseTarget {
  label: string;
  path: string;
  signIn?: { email: string; password: string };
}

export interface LighthouseResult {
  label: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  requests: number;
  scriptKb: number;
  /** The audits of accessibility, best practices and SEO that did not pass, by id. */
  failing: string[];
  /** What costs the score: the largest layout shifts (element, score) and the scripts with the most main-thread time. */
  diagnostics: string[];
  /** Every run's performance score, in order (the result is the median run's). */
  performanceRuns?: number[];
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Lighthouse could not measure the page (its report's runtime error), which says nothing of the page. */
class LighthouseRunError extends Error {}

/** A TCP port free on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function audit(baseUrl: string, target: LighthouseTarget, run = 0): Promise<LighthouseResult> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-lighthouse-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    if (target.signIn) {
      // The context's cookie jar takes the session cookies of the API's answer, as a browser signing in would.
      const res = await context.request.post(`${baseUrl}/api/auth/login`, { data: target.signIn });
      if (!res.ok()) throw new Error(`lighthouse: sign-in of ${target.signIn.email} failed: ${res.status()}`);
    }
    const result = await lighthouse(`${baseUrl}${target.path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`lighthouse: no result for ${target.path}`);
    const { lhr } = result;
    // LIGHTHOUSE_REPORT_DIR keeps each page's whole report (JSON, as the Lighthouse viewer opens it).
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      const name = target.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      fs.writeFileSync(path.join(reportDir, `${name}${run ? `-${run + 1}` : ''}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new LighthouseRunError(`lighthouse: ${target.path}: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (
      lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] }
    )?.items;
    const failing = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    );
    type Items = { items?: Record<string, unknown>[] } | undefined;
    const items = (id: string) => (lhr.audits[id]?.details as Items)?.items ?? [];
    const label = (node: unknown) => {
      const n = node as { nodeLabel?: string; selector?: string } | undefined;
      return `${n?.selector ?? '?'} "${(n?.nodeLabel ?? '').slice(0, 40)}"`;
    };
    const diagnostics = [
      // What each audit that did not pass found (its first items).
      ...failing.flatMap((id) =>
        items(id)
          .slice(0, 3)
          .map((i) => `${id}: ${JSON.stringify(i).slice(0, 300)}`),
      ),
      ...items('layout-shifts')
        .slice(0, 3)
        .map((i) => `shift ${Number(i.score).toFixed(3)}: ${label(i.node)}`),
      ...items('bootup-time')
        .slice(0, 4)
        .map((i) => `script ${Math.round(Number(i.total))} ms: ${String(i.url).replace(/^.*\/\/[^/]+/, '')}`),
    ];
    return {
      failing,
      diagnostics,
      label: target.label,
      path: target.path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndexMs: value('speed-index'),
      requests: requests?.length ?? 0,
      scriptKb: (requests ?? [])
        .filter((r) => r.resourceType === 'Script')
        .reduce((sum, r) => sum + (r.transferSize ?? 0) / 1024, 0),
    };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Each target in turn (never two at once: they would share the two cores and the scores with them),
 * `runs` times: Lighthouse's performance score varies from run to run on one machine (its documentation
 * advises the median of five), so the run reported is the one with the median performance score, and
 * `performanceRuns` keeps every score (the table shows their spread).
 */
export async function lighthouseScores(
  baseUrl: string,
  targets: LighthouseTarget[],
  log: (msg: string) => void,
  runs = 1,
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const target of targets) {
    const all: LighthouseResult[] = [];
    for (let run = 0; run < runs; run++) {
      // A run Lighthouse could not record (its own trace failing, as NO_NAVSTART) is run again, twice at most.
      let result: LighthouseResult | undefined;
      for (let attempt = 1; !result; attempt++) {
        try {
          result = await audit(baseUrl, target, run);
        } catch (error) {
          if (attempt === 3 || !(error instanceof LighthouseRunError)) throw error;
          log(`lighthouse ${target.label}: ${error.message}; running it again`);
        }
      }
      log(
        `lighthouse ${target.label}${runs > 1 ? ` (run ${run + 1} of ${runs})` : ''}: performance ${result.performance} ` +
          `(TBT ${Math.round(result.tbtMs)} ms), accessibility ${result.accessibility}, ` +
          `best practices ${result.bestPractices}, SEO ${result.seo}` +
          (result.failing.length ? ` (not passed: ${result.failing.join(', ')})` : ''),
      );
      for (const line of result.diagnostics) log(`  ${target.label}: ${line}`);
      all.push(result);
    }
    const byScore = [...all].sort((a, b) => a.performance - b.performance || a.tbtMs - b.tbtMs);
    const median = byScore[Math.floor((byScore.length - 1) / 2)];
    results.push({ ...median, performanceRuns: all.map((r) => r.performance) });
  }
  return results;
}

export function lighthouseTable(results: LighthouseResult[]): string[] {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return [
    '| Page (mobile preset) | Performance (median run) | Every run | Accessibility | Best practices | SEO | FCP s | LCP s | TBT ms | CLS | Speed index s | Requests | JS KB (transfer) |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.label} (${r.path}) | ${r.performance} | ${(r.performanceRuns ?? [r.performance]).join(', ')} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${s(r.fcpMs)} | ` +
        `${s(r.lcpMs)} | ${Math.round(r.tbtMs)} | ${r.cls.toFixed(3)} | ${s(r.speedIndexMs)} | ${r.requests} | ${Math.round(r.scriptKb)} |`,
    ),
  ];
}
