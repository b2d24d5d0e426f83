// The /files page as a person uses it: qualitycontrol@demo.com uploads a small PNG, sees its thumbnail,
// previews it, is told plainly when a file is refused, and deletes it; axe finds nothing serious on the
// page in light and dark Arabic at a phone's width.
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../../testing/axe.ts';
import { setupClientBrowser } from '../../testing/browser.ts';
import { confirm, dialog, notice, row, rowAction } from '../../testing/list-pages.ts';

const b = await setupClientBrowser();

const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 220, g: 90, b: 40 } } })
  .png()
  .toBuffer();

/** Whether the image inside `locator` has loaded real pixels. */
const loaded = (img: Locator) =>
  img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

describe('the /files page', { timeout: 90_000 }, () => {
  it('uploads a PNG, shows its thumbnail, previews it, refuses a disguised program, and deletes the PNG', async () => {
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(10_000);
    await b.signInAt(page, 'qualitycontrol@demo.com', 'qualitycontrol', '/files');
    await page.getByRole('heading', { level: 1, name: 'Files' }).waitFor();
    await page.getByText('No files yet').waitFor();

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'shop-front.png', mimeType: 'image/png', buffer: png });
    await notice(page, '“shop-front.png” uploaded');
    const uploaded = row(page, 'shop-front.png');
    await uploaded.getByText('Image').waitFor();
    await expect.poll(() => loaded(uploaded.locator('img'))).toBe(true);
    expect(await uploaded.locator('img').getAttribute('src')).toMatch(/^\/api\/files\/\d+\?thumbnail=1$/);

    await rowAction(page, 'shop-front.png', 'Preview');
    const preview = dialog(page, 'shop-front.png');
    const full = preview.getByRole('img', { name: 'shop-front.png' });
    await expect.poll(() => loaded(full)).toBe(true);
    expect(await full.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(640);
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'detached' });

    const program = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(58),
      Buffer.from([0x80, 0, 0, 0]),
      Buffer.alloc(64, 0x90),
      Buffer.from('PE\0\0'),
      Buffer.alloc(200),
    ]);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: program });
    await page.getByRole('alert').filter({ hasText: 'This type of file is not accepted' }).waitFor();
    expect(await row(page, 'holiday.png').count()).toBe(0);

    await rowAction(page, 'shop-front.png', 'Delete');
    await confirm(page, 'Delete');
    await notice(page, '“shop-front.png” deleted.');
    await row(page, 'shop-front.png').waitFor({ state: 'detached' });
    await context.close();
  });

  it('finds no serious or critical accessibility issue, in light and in dark Arabic at 390 px', async () => {
    for (const [theme, language, width] of [
      ['light', 'en', 1280],
      ['dark', 'ar', 390],
    ] as const) {
      const { context, page } = await b.newPage({ viewport: { width, height: 844 } });
      page.setDefaultTimeout(10_000);
      await b.signIn(page, 'businessuser@demo.com', 'businessuser');
      await context.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      await page.goto('/files');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: `plan-${theme}.png`, mimeType: 'image/png', buffer: png });
      await page.getByText(`plan-${theme}.png`).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await axeAudit(page, `/files ${theme} ${language} ${width}px`)).toEqual([]);
      await context.close();
    }
  });
});
