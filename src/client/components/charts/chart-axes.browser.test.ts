// The shared chart's axes on the dashboards, as admin@demo.com: every category under the x axis has its
// label and no two labels overlap (on a phone too); value axes count in even steps, from zero to a top
// above every bar and point; rates read as percentages; the logistics countries are named in Arabic.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { TLogisticsSummary } from '../../../shared/schemas/logistics.ts';
import { setupClientBrowser } from '../../testing/browser.ts';

const b = await setupClientBrowser();
const contexts: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function open(path: string, width: number, language = 'en', theme = 'light'): Promise<Page> {
  const { context, page } = await b.newPage({ viewport: { width, height: 900 } });
  contexts.push(context);
  page.setDefaultTimeout(20_000);
  await b.signIn(page, 'admin@demo.com', 'admin');
  await context.addCookies([
    { name: 'od-language', value: language, url: b.baseUrl },
    { name: 'od-theme', value: theme, url: b.baseUrl },
  ]);
  await page.goto(path);
  await page.locator('figure .recharts-surface').first().waitFor();
  // Every chart drawn with its axes (the drawing's code loads apart from the page).
  await page.waitForFunction(() =>
    [...document.querySelectorAll('figure')]
      .filter((f) => f.querySelector('table'))
      .every((f) => f.querySelector('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')),
  );
  return page;
}

interface ChartReport {
  title: string;
  /** Rows of the chart's data table: one category each. */
  categories: number;
  xLabels: string[];
  /** Pairs of x labels whose boxes overlap (flat labels) or that sit closer than a line (slanted). */
  crowded: string[];
  /** Each value axis's tick labels, top to bottom as drawn. */
  yTicks: string[][];
  /** How far the highest bar or point is below the plot's top, in pixels. */
  headroom: number;
}

/** What each chart of the page draws on its axes. */
function chartsOf(page: Page): Promise<ChartReport[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('figure')]
      .filter((f) => f.querySelector('.recharts-surface'))
      .map((figure) => {
        const labels = [
          ...figure.querySelectorAll<SVGTextElement>('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value'),
        ];
        const boxes = labels.map((l) => l.getBoundingClientRect());
        const slanted = labels.some((l) => l.getAttribute('transform')?.includes('rotate'));
        const crowded: string[] = [];
        for (let i = 0; i < labels.length; i++)
          for (let j = i + 1; j < labels.length; j++) {
            const [a, c] = [boxes[i], boxes[j]];
            const clash = slanted
              ? // Slanted labels run parallel: apart by their anchors' distance times sin 45°.
                Math.abs(a.right - c.right) * Math.SQRT1_2 < 12
              : a.left < c.right && c.left < a.right && a.top < c.bottom && c.top < a.bottom;
            if (clash) crowded.push(`${labels[i].textContent} / ${labels[j].textContent}`);
          }
        const yTicks = [...figure.querySelectorAll('.recharts-yAxis-tick-labels')].map((axis) =>
          [...axis.querySelectorAll('.recharts-cartesian-axis-tick-value')]
            .map((t) => ({ text: t.textContent ?? '', y: t.getBoundingClientRect().top }))
            .sort((p, q) => p.y - q.y)
            .map((t) => t.text),
        );
        const gridTop = Math.min(
          ...[...figure.querySelectorAll('.recharts-cartesian-grid-horizontal line')].map((l) =>
            Number(l.getAttribute('y1')),
          ),
        );
        const shapes = [...figure.querySelectorAll('.recharts-bar-rectangle path, .recharts-line-dots circle')];
        const tops = shapes.map((s) => {
          const box = (s as SVGGraphicsElement).getBBox();
          return s.tagName === 'circle' ? box.y + box.height / 2 : box.y;
        });
        return {
          title: figure.querySelector('figcaption')?.textContent ?? '',
          categories: figure.querySelectorAll('table tbody tr').length,
          xLabels: labels.map((l) => l.textContent ?? ''),
          crowded,
          yTicks,
          headroom: Math.min(...tops) - gridTop,
        };
      }),
  );
}

/** A tick label as a number: Arabic-Indic digits, separators, signs and units read through. */
function numberOf(label: string): number {
  const latin = label.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace('٫', '.');
  return Number(latin.replace(/[^0-9.-]/g, ''));
}

function expectEven(ticks: string[], label: string) {
  const values = ticks.map(numberOf).reverse();
  expect(values[0], label).toBe(0);
  const steps = new Set(values.slice(1).map((v, i) => +(v - values[i]).toPrecision(9)));
  expect([...steps], `${label}: ${ticks.join(' ')}`).toHaveLength(1);
}

describe('chart axes', { timeout: 240_000 }, () => {
  it('analytics and e-commerce: every category labelled, even value steps, room above the highest bar (1440 and 390 px)', async () => {
    for (const width of [1440, 390])
      for (const path of ['/dashboards/analytics', '/dashboards/ecommerce']) {
        const page = await open(path, width);
        const charts = await chartsOf(page);
        expect(charts.length, path).toBeGreaterThanOrEqual(2);
        for (const c of charts) {
          const label = `${path} ${width}px "${c.title}"`;
          // Every category keeps its label; only a phone's twelve weeks are too many to slant side by side.
          if (width === 1440 || c.categories <= 7) expect(c.xLabels, label).toHaveLength(c.categories);
          else expect(c.xLabels.length, label).toBeGreaterThanOrEqual(c.categories / 3);
          expect(c.xLabels.every(Boolean), label).toBe(true);
          expect(c.crowded, label).toEqual([]);
          for (const axis of c.yTicks) expectEven(axis, label);
          expect(c.headroom, label).toBeGreaterThanOrEqual(4);
        }
        if (path === '/dashboards/analytics') {
          const weekdays = charts.find((c) => c.title.startsWith('Orders by day of the week'))!;
          expect(weekdays.xLabels).toEqual([
            'Monday',
            'Tuesday',
            'Wednesday',
            'Thursday',
            'Friday',
            'Saturday',
            'Sunday',
          ]);
        }
        await page.context().close();
      }
  });

  it('crm: the rates axis reads in percent, like the figures above it', async () => {
    const page = await open('/dashboards/crm', 1440);
    const [trend] = await chartsOf(page);
    expect(trend.yTicks).toHaveLength(2);
    const [scores, rates] = trend.yTicks;
    expect(rates).toEqual(['100%', '80%', '60%', '40%', '20%', '0%']);
    expect(scores).toEqual(['100', '80', '60', '40', '20', '0']);
  });

  it('logistics in Arabic: the destinations are named in Arabic and every warning has its label', async () => {
    const res = await b.request({ method: 'GET', url: '/api/apps/logistics/summary', as: 'admin@demo.com' });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<TLogisticsSummary>();
    const page = await open('/apps/logistics/dashboard', 1440, 'ar');
    const [warnings, shipments] = await chartsOf(page);
    expect(warnings.xLabels).toHaveLength(summary.byWarning.length);
    expect(warnings.xLabels.every(Boolean)).toBe(true);
    expect(warnings.crowded).toEqual([]);
    const arabic = new Intl.DisplayNames(['ar'], { type: 'region' });
    const english = new Intl.DisplayNames(['en'], { type: 'region' });
    const code = (name: string) =>
      [...Array(26 * 26).keys()]
        .map((i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)))
        .find((c) => english.of(c) === name)!;
    // The x axis runs right to left: its labels, read from the DOM in data order.
    expect(shipments.xLabels).toEqual(summary.shipments.map((s) => arabic.of(code(s.country))));
    expect(shipments.crowded).toEqual([]);
    expect(shipments.yTicks[1].every((t) => t.includes('%'))).toBe(true);
  });
});
