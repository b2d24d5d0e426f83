// axe-core in the real browser for the business pages' accessibility tests (WCAG 2.x A/AA and
// best-practice rules). Returns the serious and critical findings; logs every finding's rule.
import fs from 'node:fs';
import type { Page } from 'playwright-core';

const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

export async function axeAudit(page: Page, label: string): Promise<AxeFinding[]> {
  // Let overlays finish fading in, and fonts load, so contrast is measured on the settled frame.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
  await page.evaluate(AXE);
  const findings = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  if (process.env.AXE_DEBUG) console.log(JSON.stringify(findings, null, 1));
  if (findings.length)
    console.log(`axe ${label}:`, findings.map((f) => `${f.id}(${f.impact}) ${f.targets.join(' | ')}`).join('\n  '));
  return findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
}
