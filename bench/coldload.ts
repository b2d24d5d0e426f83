// Cold-load check of the built client in Chromium (playwright-core, Debian's /usr/bin/chromium): every
// run opens a fresh browser context, so the HTTP cache is empty, and measures from navigation start
// (the page's own time origin) until
//   (a) the login form is usable: the email input is visible and enabled;
//   (b) a list page shows its rows, already signed in (session cookies set beforehand);
// and, once such a list is on screen, (c) switching to another list from the menu: the pointer rests
// on the link for 200 ms (as a person's does before clicking), then clicks; measured from the click
// until the next list shows its rows.
// Chromium's own start-up work for each new window (its address bar's popup) is turned off
// (src/server/testing/chromium.ts), so only the app's page is measured.
// The moment is taken inside the page (a MutationObserver, read at the next animation frame), so the
// harness's round trips are not counted. The bytes and the request waterfall come from Resource Timing
// (transferSize: headers and encoded body; encodedBodySize: body).
import type { Browser } from 'playwright-core';
import { launchChromium } from '../src/server/testing/chromium.ts';

export interface ColdLoadOptions {
  /** Measured runs per scenario (after one warm-up run of the server, not counted). */
  runs: number;
  /** The signed-in scenario's page (a list page of the demo data). */
  listPath: string;
  /** The list switch: from this list, by the menu link named `link`, to the list headed `title` (listPath). */
  switchFrom: { path: string; link: string; title: string };
  email: string;
  password: string;
  /** More signed-in pages measured like listPath (the product list, corrective actions…). */
  morePages?: { path: string; label: string }[];
  /** The perform page on a phone profile (390 × 844, touch), signed in as its inspector. */
  perform?: { path: string; email: string; password: string };
  log: (message: string) => void;
}

export interface ColdLoadResult {
  name: string;
  /** Milliseconds, or none (the list switch has no target of its own). */
  target?: number;
  /** Milliseconds from navigation start, per run. */
  times: number[];
  median: number;
  /** The median run. */
  run: RunResult;
}

interface Entry {
  name: string;
  type: string;
  start: number;
  end: number;
  transfer: number;
  body: number;
}

interface RunResult {
  ready: number;
  entries: Entry[];
}

// Runs in the page before its scripts: records when `selector` first matches a visible (for an input:
// also enabled) element, at the next frame.
const READY_PROBE = ({ selector, rowsMode }: { selector: string; rowsMode: boolean }) => {
  const w = window as unknown as { __coldLoadReady?: number };
  const visible = (el: Element) => {
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const holds = () => {
    const el = document.querySelector(selector);
    if (!el || !visible(el)) return false;
    return rowsMode || !(el as HTMLInputElement).disabled;
  };
  let pending = false;
  const check = () => {
    if (w.__coldLoadReady !== undefined || pending || !holds()) return;
    pending = true;
    requestAnimationFrame(() => {
      w.__coldLoadReady = performance.now();
      observer.disconnect();
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
};

const SCENARIOS = {
  login: { selector: 'input[name="email"]', rows: false, target: 500 },
  // A data row: it carries data-row-key (loading, empty and skeleton rows do not).
  list: { selector: 'main table tbody tr[data-row-key]', rows: true, target: 600 },
  // The perform page's heading names the task's location once the task is loaded.
  perform: { selector: 'main h1', rows: true, target: 600 },
} as const;

/** A phone profile: an iPhone-sized viewport, touch, a high pixel ratio. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

async function measure(
  browser: Browser,
  baseUrl: string,
  path: string,
  scenario: keyof typeof SCENARIOS,
  storageState?: string,
  phone = false,
): Promise<RunResult> {
  const { selector, rows } = SCENARIOS[scenario];
  const context = await browser.newContext({
    baseURL: baseUrl,
    ...(phone ? PHONE : { viewport: { width: 1440, height: 900 } }),
    storageState: storageState ? (JSON.parse(storageState) as never) : undefined,
  });
  try {
    await context.addInitScript(READY_PROBE, { selector, rowsMode: rows });
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { __coldLoadReady?: number }).__coldLoadReady !== undefined,
      null,
      {
        timeout: 30_000,
        polling: 50,
      },
    );
    // What the page still fetches right after (fonts, the shell's own queries) counts in its bytes.
    await page.waitForLoadState('networkidle');
    if (new URL(page.url()).pathname !== path) throw new Error(`${path} ended on ${page.url()} (not signed in?)`);
    const ready = await page.evaluate(() => (window as unknown as { __coldLoadReady: number }).__coldLoadReady);
    return { ready, ...(await page.evaluate(timings)) };
  } finally {
    await context.close();
  }
}

/** Resource Timing entries of the page, times relative to its time origin. */
function timings(): { entries: Entry[] } {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
  const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const entries = [nav, ...resources].map((e) => ({
    name: e.name,
    type: e === nav ? 'document' : e.initiatorType,
    start: e.startTime,
    end: e.responseEnd,
    transfer: e.transferSize,
    body: e.encodedBodySize,
  }));
  return { entries };
}

const HOVER_MS = 200;

/**
 * From a list on screen, a menu link hovered for HOVER_MS then clicked: the time from the click until
 * the next list (`title`) shows its rows; the requests made from the hover on, timed from the click.
 */
async function measureSwitch(
  browser: Browser,
  baseUrl: string,
  from: string,
  link: string,
  title: string,
  storageState: string,
): Promise<RunResult> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
    storageState: JSON.parse(storageState) as never,
  });
  try {
    const page = await context.newPage();
    await page.goto(from);
    await page.locator(SCENARIOS.list.selector).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.evaluate((title) => {
      const w = window as unknown as { __switch: { hoverAt?: number; clickAt?: number; readyAt?: number } };
      w.__switch = {};
      document.addEventListener('pointerover', () => (w.__switch.hoverAt ??= performance.now()), { capture: true });
      document.addEventListener('click', () => (w.__switch.clickAt ??= performance.now()), { capture: true });
      let pending = false;
      const observer = new MutationObserver(() => {
        if (pending || w.__switch.clickAt === undefined) return;
        if (
          document.querySelector('main h1')?.textContent !== title ||
          !document.querySelector('main table tbody tr[data-row-key]')
        )
          return;
        pending = true;
        requestAnimationFrame(() => {
          w.__switch.readyAt = performance.now();
          observer.disconnect();
        });
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    }, title);
    const target = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: link, exact: true });
    await target.hover();
    await page.waitForTimeout(HOVER_MS);
    await target.click();
    await page.waitForFunction(
      () => (window as unknown as { __switch: { readyAt?: number } }).__switch.readyAt !== undefined,
      null,
      {
        timeout: 30_000,
        polling: 50,
      },
    );
    await page.waitForLoadState('networkidle');
    const { hoverAt, clickAt, readyAt } = await page.evaluate(
      () => (window as unknown as { __switch: { hoverAt: number; clickAt: number; readyAt: number } }).__switch,
    );
    const { entries } = await page.evaluate(timings);
    return {
      ready: readyAt - clickAt,
      entries: entries
        .filter((e) => e.start >= hoverAt)
        .map((e) => ({ ...e, start: e.start - clickAt, end: e.end - clickAt })),
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** What a request is, in a few characters: the hashed file without its hash, or the tRPC procedures. */
function shortName(url: string): string {
  const u = new URL(url);
  if (u.pathname.startsWith('/trpc/')) return `trpc ${decodeURIComponent(u.pathname.slice(6)).split(',').join(', ')}`;
  if (u.pathname.startsWith('/assets/')) return u.pathname.slice(8).replace(/-[\w-]{8}(\.\w+)$/, '$1');
  return u.pathname + u.search;
}

function kind(entry: Entry): string {
  if (entry.type === 'document') return 'doc';
  const path = new URL(entry.name).pathname;
  if (path.startsWith('/trpc/') || path.startsWith('/api/')) return 'api';
  const ext = /\.(\w+)$/.exec(path)?.[1] ?? '';
  return (
    ({ js: 'js', css: 'css', woff2: 'font', woff: 'font', json: 'json' } as Record<string, string>)[ext] ??
    (ext || 'other')
  );
}

/** A text waterfall: one line per request, a bar from its start to its end on a shared time scale. */
export function waterfall(run: RunResult, width = 40): string[] {
  const entries = [...run.entries].sort((a, b) => a.start - b.start);
  // Time 0 is the navigation start (or the click); requests made before it (on hover) start below 0.
  const first = Math.min(0, ...entries.map((e) => e.start));
  const span = Math.max(run.ready, ...entries.map((e) => e.end)) - first || 1;
  const col = (t: number) => Math.min(width - 1, Math.floor(((t - first) / span) * width));
  const readyCol = col(run.ready);
  return entries.map((e) => {
    const bar = Array.from({ length: width }, (_, i) =>
      i >= col(e.start) && i <= col(e.end) ? '█' : i === readyCol ? '|' : ' ',
    ).join('');
    const after = e.end > run.ready ? ' (after ready)' : '';
    return `  ${bar} ${e.start.toFixed(0).padStart(5)}–${e.end.toFixed(0).padEnd(5)} ms ${kind(e).padEnd(4)} ${kb(e.transfer).padStart(9)}  ${shortName(e.name)}${after}`;
  });
}

/** Bytes of the whole load, split by kind. */
function bytes(run: RunResult): string {
  const total = run.entries.reduce((n, e) => n + e.transfer, 0);
  const body = run.entries.reduce((n, e) => n + e.body, 0);
  const byKind = new Map<string, number>();
  for (const e of run.entries) byKind.set(kind(e), (byKind.get(kind(e)) ?? 0) + e.transfer);
  const parts = [...byKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${kb(n)}`);
  return `${run.entries.length} requests, ${kb(total)} transferred (${kb(body)} encoded bodies): ${parts.join(', ')}`;
}

/**
 * The serial chain to `ready`: a request is in round n+1 when some request of round n had finished
 * before it started (an upper bound of what it waited for). One round per chain link.
 */
function rounds(run: RunResult): string {
  const before = run.entries.filter((e) => e.end <= run.ready).sort((a, b) => a.start - b.start);
  const depth = new Map<Entry, number>();
  for (const e of before) {
    const waited = before.filter((o) => o.end <= e.start).map((o) => depth.get(o) ?? 0);
    depth.set(e, 1 + Math.max(0, ...waited));
  }
  const count = Math.max(0, ...depth.values());
  const label = (e: Entry) => (kind(e) === 'api' ? shortName(e.name) : kind(e));
  const levels = Array.from({ length: count }, (_, i) =>
    [...new Set(before.filter((e) => depth.get(e) === i + 1).map(label))].join(' + '),
  );
  return `${count} round(s) of requests before ready: ${levels.join(' → ')}`;
}

/** A build under test: the app serving it. */
export interface ColdLoadTarget {
  /** Its name in the results ("this build", "baseline"). */
  build: string;
  baseUrl: string;
}

/**
 * Each scenario on each target; with several targets the runs alternate (one of each in turn), so a
 * change in the machine's load during the measurement weighs on every build alike.
 */
export async function coldLoad(targets: ColdLoadTarget[], options: ColdLoadOptions): Promise<ColdLoadResult[]> {
  // Chromium's own start-up work for each new window is off (src/server/testing/chromium.ts).
  const browser = await launchChromium();
  try {
    // The signed-in state: the session cookies of a sign-in through the API, reused by every fresh
    // context (cookies belong to the host, whatever the port, so one session serves every target).
    const session = async (email: string, password: string): Promise<string> => {
      const signIn = await browser.newContext({ baseURL: targets[0].baseUrl });
      const login = await signIn.request.post('/api/auth/login', { data: { email, password } });
      if (login.status() !== 201) throw new Error(`sign-in failed: ${login.status()} ${await login.text()}`);
      const state = JSON.stringify(await signIn.storageState());
      await signIn.close();
      return state;
    };
    const storageState = await session(options.email, options.password);
    const perform = options.perform;
    const inspectorState = perform ? await session(perform.email, perform.password) : '';

    const { switchFrom } = options;
    const plan: { name: string; target?: number; measure: (baseUrl: string) => Promise<RunResult> }[] = [
      {
        name: 'login form usable (/login, signed out)',
        target: SCENARIOS.login.target,
        measure: (baseUrl) => measure(browser, baseUrl, '/login', 'login'),
      },
      {
        name: `list rows visible (${options.listPath}, signed in as ${options.email})`,
        target: SCENARIOS.list.target,
        measure: (baseUrl) => measure(browser, baseUrl, options.listPath, 'list', storageState),
      },
      ...(options.morePages ?? []).map((page) => ({
        name: `list rows visible (${page.label}, ${page.path}, signed in as ${options.email})`,
        target: SCENARIOS.list.target,
        measure: (baseUrl: string) => measure(browser, baseUrl, page.path, 'list', storageState),
      })),
      ...(perform
        ? [
            {
              name: `perform page on a phone (390 px, touch), task loaded (${perform.email})`,
              target: SCENARIOS.perform.target,
              measure: (baseUrl: string) => measure(browser, baseUrl, perform.path, 'perform', inspectorState, true),
            },
          ]
        : []),
      {
        name: `list switch from ${switchFrom.path} by the menu (${HOVER_MS} ms hover, then click → rows)`,
        measure: (baseUrl) =>
          measureSwitch(browser, baseUrl, switchFrom.path, switchFrom.link, switchFrom.title, storageState),
      },
    ];
    const results: ColdLoadResult[] = [];
    for (const scenario of plan) {
      const runs = new Map<ColdLoadTarget, RunResult[]>(targets.map((t) => [t, []]));
      for (const target of targets) await scenario.measure(target.baseUrl); // warm-up, not counted
      for (let i = 0; i < options.runs; i++) {
        for (const target of targets) runs.get(target)!.push(await scenario.measure(target.baseUrl));
      }
      for (const target of targets) {
        const times = runs.get(target)!.map((r) => r.ready);
        const mid = median(times);
        const run = runs
          .get(target)!
          .reduce((best, r) => (Math.abs(r.ready - mid) < Math.abs(best.ready - mid) ? r : best));
        const name = targets.length > 1 ? `${scenario.name}, ${target.build}` : scenario.name;
        results.push({ name, target: scenario.target, times, median: mid, run });
        const goal = scenario.target ? `; target < ${scenario.target} ms` : '';
        options.log(
          `cold load, ${name}: median ${mid.toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(', ')}${goal})`,
        );
        options.log(`  ${bytes(run)}`);
        options.log(`  ${rounds(run)}`);
        for (const line of waterfall(run)) options.log(line);
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** The markdown table of the results. */
export function coldLoadTable(results: ColdLoadResult[]): string[] {
  return [
    '| Load (Chromium; cold: empty cache) | Median | Runs | Target | Requests | Transferred (encoded bodies) |',
    '|---|---:|---|---:|---:|---:|',
    ...results.map((r) => {
      const transfer = r.run.entries.reduce((n, e) => n + e.transfer, 0);
      const body = r.run.entries.reduce((n, e) => n + e.body, 0);
      return `| ${r.name} | ${r.median.toFixed(0)} ms | ${r.times.map((t) => t.toFixed(0)).join(', ')} | ${r.target ? `< ${r.target} ms` : '—'} | ${r.run.entries.length} | ${kb(transfer)} (${kb(body)}) |`;
    }),
  ];
}
