// Where the theme customizer opens from: never for inspectors, and on a phone (390 px) never from a
// button floating over the page, so nobody's primary action (Save changes, Back to my tasks, Send for
// review, Scroll to top) sits under it; phone users of the other roles find it at the foot of the menu.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS } from '../../server/testing/app.ts';
import { createTaskFixture } from '../../server/testing/workflow.ts';
import { setupClientBrowser } from '../testing/browser.ts';

const b = await setupClientBrowser();
const PHONE = { width: 390, height: 844 };

async function open(email: string, viewport = PHONE) {
  const { context, page } = await b.newPage({ viewport });
  page.setDefaultTimeout(15_000);
  await b.signIn(page, email, DEMO_PASSWORDS[email]);
  return { context, page };
}

/** What the page paints over the control's centre or around it (empty: it is the control itself). */
async function coveredBy(control: Locator): Promise<string[]> {
  await control.scrollIntoViewIfNeeded();
  return control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    // Inside a round button too (its corners are not part of it).
    const points = [0.5, 0.25, 0.75].flatMap((fx) =>
      [0.5, 0.25, 0.75].map((fy) => [r.left + r.width * fx, r.top + r.height * fy]),
    );
    return points.flatMap(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit && (el === hit || el.contains(hit)) ? [] : [hit?.outerHTML.slice(0, 80) ?? 'nothing'];
    });
  });
}

const customizerButton = (page: Page) => page.getByRole('button', { name: 'Open customizer' });

describe('the customizer button', { timeout: 120_000 }, () => {
  it('is not offered to an inspector, at desktop width or on the phone, and covers none of their actions', async () => {
    const fixture = await createTaskFixture(b.orm, { status: 'scheduled' });
    const desk = await open('qualitycontrol@demo.com', { width: 1440, height: 900 });
    await desk.page.getByRole('main').waitFor();
    await desk.page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await customizerButton(desk.page).count()).toBe(0);
    await desk.context.close();

    const { context, page } = await open('qualitycontrol@demo.com');
    await page.goto(`/tasks/perform_task/${fixture.slotId}/${fixture.assignmentId}`);
    const back = page
      .getByRole('link', { name: 'Back to my tasks' })
      .or(page.getByRole('button', { name: 'Back to my tasks' }));
    await back.first().waitFor();
    expect(await customizerButton(page).count()).toBe(0);
    expect(await coveredBy(back.first())).toEqual([]);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await customizerButton(page).count()).toBe(0);
    await context.close();
  });

  it('on a phone floats over nothing: Save changes, list menus, paging and Scroll to top stay clear; the menu opens the customizer', async () => {
    const { context, page } = await open('admin@demo.com');
    await page.goto('/pages/account-settings/account');
    const save = page.getByRole('button', { name: 'Save changes' }).first();
    await save.waitFor();
    expect(await coveredBy(save)).toEqual([]);

    // A long list: at its end, the last card's menu, the paging and scroll-to-top are all reachable.
    await page.goto('/management/location-setting');
    const menus = page.getByRole('button', { name: /^Actions for/ });
    await menus.nth(9).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const top = page.getByRole('button', { name: 'Scroll to top' });
    await top.waitFor();
    expect(await coveredBy(top)).toEqual([]);
    expect(await coveredBy(menus.nth(9))).toEqual([]);
    expect(await coveredBy(page.getByRole('button', { name: /next page/i }).first())).toEqual([]);
    expect(await customizerButton(page).count()).toBe(0);

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await customizerButton(page).click();
    await page.getByRole('dialog', { name: 'Theme customizer' }).waitFor();
    await context.close();
  });
});
