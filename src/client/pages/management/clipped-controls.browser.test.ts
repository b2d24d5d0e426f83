// Controls that were cut off or unreadable: the team dialog's members (no scroll area of their own, the
// "Team lead" note whole), a disabled primary button and segmented control in the dark theme, a
// confirmation dialog whose body is not larger than its title, and the Bordered skin really outlining
// the list frame instead of shadowing it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../../testing/browser.ts';
import { dialog, rowAction, search } from '../../testing/list-pages.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');
const other = await b.caller('admin@demo.com');

/** WCAG contrast ratio of two computed CSS colours (rgb()/rgba() or color(srgb …), alpha over `base`). */
function contrast(fg: string, bg: string): number {
  const parse = (c: string): number[] => {
    const n = (c.match(/[\d.]+/g) ?? []).map(Number);
    return c.startsWith('color(') ? [n[0] * 255, n[1] * 255, n[2] * 255, n[3] ?? 1] : [n[0], n[1], n[2], n[3] ?? 1];
  };
  const [br, bgG, bb] = parse(bg);
  const [fr, fgG, fb, fa] = parse(fg);
  const mixed = [fr * fa + br * (1 - fa), fgG * fa + bgG * (1 - fa), fb * fa + bb * (1 - fa)];
  const lum = (rgb: number[]) =>
    rgb
      .map((v) => v / 255)
      .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [a, c] = [lum(mixed), lum([br, bgG, bb])].sort((x, y) => y - x);
  return (a + 0.05) / (c + 0.05);
}

const style = (p: Page, selector: string, property: string) =>
  p
    .locator(selector)
    .first()
    .evaluate((el, prop) => getComputedStyle(el).getPropertyValue(prop), property);

describe('controls are never cut off or unreadable', { timeout: 90_000 }, () => {
  it("the team dialog shows every member and the team leader's note whole, scrolling as one body", async () => {
    const name = `Clip Team ${Date.now()}`;
    const team = await other.teams.create({ name });
    const users = (await other.users.list({ itemsPerPage: 12 })).items.filter((u) => u.role !== 'admin').slice(0, 8);
    const leader = (await other.users.list({ q: 'teamleader@demo.com' })).items[0];
    await other.teams.update({ id: team.id, teamLeaderId: leader.id });
    await other.teams.addMembers({ id: team.id, userIds: users.map((u) => u.id) });
    await page.goto('/management/teams');
    await search(page, name);
    await rowAction(page, name, 'Edit');
    const edit = dialog(page, `Edit ${name}`);
    // The members (the dialog's first list; its History region lists the team's changes after it).
    const list = edit.getByRole('list').first();
    await list.getByRole('listitem').last().waitFor();
    expect(await list.evaluate((ul) => ul.scrollHeight - ul.clientHeight)).toBeLessThanOrEqual(1);
    const note = edit.getByText("The team's leader", { exact: true });
    expect(await note.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await list.getByRole('listitem').last().scrollIntoViewIfNeeded();
    expect(await list.getByRole('listitem').last().isVisible()).toBe(true);
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  it('dark theme: a disabled primary button is readable and an unselected segment is not black', async () => {
    const { context, page: dark } = await b.newPage();
    dark.setDefaultTimeout(10_000);
    try {
      await b.signIn(dark, 'admin@demo.com', 'admin');
      await context.addCookies([{ name: 'od-theme', value: 'dark', url: b.baseUrl }]);
      const scheme = await other.schemes.create({ name: 'Dark Readable' });
      await dark.goto(`/management/schemes?scheme=${scheme.id}`);
      const save = dark.getByRole('button', { name: 'Save draft' });
      await save.waitFor();
      expect(await save.isDisabled()).toBe(true);
      const [fg, bg] = await save.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
      expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);

      const track = await style(dark, '[aria-label="View"]', 'background-color');
      expect(track).not.toMatch(/^rgb\(1, 4, 9\)|^rgb\(0, 0, 0\)/);

      // A confirmation's body text is never larger than its title.
      await dark.getByRole('button', { name: 'More actions' }).click();
      await dark.getByRole('menuitem', { name: 'Delete draft' }).click();
      const confirm = dark.getByRole('alertdialog');
      await confirm.waitFor();
      const title = await confirm.locator('h1').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      // The first text outside the title and the buttons is the body.
      const body = await confirm.evaluate((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const parent = n.parentElement!;
          if (n.textContent?.trim() && !parent.closest('h1, button'))
            return parseFloat(getComputedStyle(parent).fontSize);
        }
        return Number.NaN;
      });
      expect(body).toBeLessThanOrEqual(title);
    } finally {
      await context.close();
    }
  });

  it('the Bordered skin outlines the list frame where the default skin shadows it', async () => {
    const frame = async (skin: string) => {
      const { context, page: p } = await b.newPage();
      p.setDefaultTimeout(10_000);
      try {
        await b.signIn(p, 'admin@demo.com', 'admin');
        await context.addCookies([{ name: 'od-skin', value: skin, url: b.baseUrl }]);
        await p.goto('/management/directions');
        const table = p.locator('table').first();
        await table.waitFor();
        return await table.evaluate((el) => {
          let node: HTMLElement | null = el.parentElement;
          while (
            node &&
            getComputedStyle(node).borderTopStyle === 'none' &&
            getComputedStyle(node).boxShadow === 'none'
          )
            node = node.parentElement;
          const s = getComputedStyle(node!);
          return { border: s.borderTopColor, shadow: s.boxShadow };
        });
      } finally {
        await context.close();
      }
    };
    const [plain, bordered] = [await frame('default'), await frame('bordered')];
    expect(plain.shadow).not.toBe('none');
    expect(bordered.shadow).toBe('none');
    expect(bordered.border).not.toBe(plain.border);
  });
});
