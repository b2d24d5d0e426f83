// Primer's FormControl warns in the console when a form is put together against its rules (an id,
// `disabled` or `required` given to the input instead of the control, a control without its label).
// The pages that did (the calendar's date jump, the e-mail composer, the scheme editor and its preview,
// where every question repeated it) open here, with the main pages around them, at 1440 and 390 px in
// English and Arabic: not one such warning.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupClientBrowser } from '../testing/browser.ts';

const b = await setupClientBrowser();

const PAGES = [
  '/dashboards/crm',
  '/tasks',
  '/tasks/actions',
  '/projects',
  '/reports',
  '/files',
  '/business/customers',
  '/management/users',
  '/management/teams',
  '/management/location-setting',
  '/apps/calendar',
  '/apps/invoice/list',
  '/apps/ecommerce/product/add',
  '/apps/ecommerce/settings',
  '/apps/user/list',
  '/pages/user-profile/profile',
];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(200);
}

describe('Primer FormControl warnings', { timeout: 240_000 }, () => {
  it('are none on the pages that had them and the main pages around them (en 1440 px, ar 390 px)', async () => {
    const admin = await b.caller('admin@demo.com');
    // A draft (editable) scheme with a question of each kind the editor and the preview draw as fields.
    const scheme = await admin.schemes.create({
      name: `Form controls ${Date.now()}`,
      sections: [
        {
          title: 'Shop floor',
          questions: [
            { key: 'clean', text: 'Is the floor clean?', type: 'yesno' as const },
            { key: 'score', text: 'Shelf score', type: 'score' as const, maxScore: 5 },
            { key: 'count', text: 'Open tills', type: 'number' as const },
            { key: 'notes', text: 'Notes', type: 'text' as const },
            { key: 'photo', text: 'Photo of the entrance', type: 'photo' as const },
          ],
        },
      ],
    });
    const warnings: string[] = [];
    for (const [language, width] of [
      ['en', 1440],
      ['ar', 390],
    ] as const) {
      const { context, page } = await b.newPage({ viewport: { width, height: 900 } });
      page.setDefaultTimeout(15_000);
      let where = '';
      page.on('console', (m) => {
        if (m.text().includes('FormControl')) warnings.push(`${language} ${where}: ${m.text().split('\n')[0]}`);
      });
      await b.signIn(page, 'admin@demo.com', 'admin');
      await context.addCookies([{ name: 'od-language', value: language, url: b.baseUrl }]);
      for (const path of PAGES) {
        where = path;
        await page.goto(path);
        await settle(page);
      }
      where = '/apps/email composer';
      await page.goto('/apps/email');
      await page.getByRole('list').first().waitFor();
      await page.getByRole('button', { name: language === 'en' ? 'Compose' : 'رسالة جديدة' }).click();
      await page.getByRole('dialog').waitFor();
      await settle(page);
      where = '/management/schemes editor and preview';
      await page.goto(`/management/schemes?scheme=${scheme.id}`);
      await page.locator('[aria-controls^="panel-"]').first().waitFor();
      for (const question of await page.locator('[aria-controls^="panel-"]').all()) await question.click();
      await page.getByRole('button', { name: language === 'en' ? 'Preview' : 'معاينة' }).click();
      await settle(page);
      await context.close();
    }
    expect(warnings).toEqual([]);
  });
});
