// Browser flow of the scheme editor as admin@demo.com: create, sections and questions (add, type,
// reorder, weights), validation, automatic save, reload, preview, publish, then an edit that creates
// version 2.
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../../testing/browser.ts';
import { confirm, dialog, notice, row, search } from '../../testing/list-pages.ts';

const { page } = await signedInPage('admin@demo.com', 'admin');

const openedId = () => Number(new URL(page.url()).searchParams.get('scheme'));
const focusedValue = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.outerHTML ?? '');

describe('scheme editor', { timeout: 90_000 }, () => {
  it('builds a scheme, publishes it, and turns an edit of the published version into version 2', async () => {
    await page.goto('/management/schemes');
    await page.getByRole('button', { name: 'New scheme' }).click();
    const create = dialog(page, 'New scheme');
    await create.getByLabel('Name').fill('Test Checklist');
    await create.getByRole('button', { name: 'Create and edit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Test Checklist' }).waitFor();
    const v1 = openedId();
    expect(v1).toBeGreaterThan(0);
    await page.getByText('Version 1', { exact: true }).waitFor();

    // Section 1 with two questions; focus follows what was added.
    await page.getByRole('button', { name: 'Add section' }).click();
    expect(await focusedValue()).toContain('data-focus="title-');
    await page.keyboard.type('Entrance');
    await page.getByRole('button', { name: 'Add question' }).click();
    expect(await focusedValue()).toContain('data-focus="qtext-');
    await page.keyboard.type('Is the entrance clean?');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.keyboard.type('Rate the shelves');
    const second = page.locator('li', { hasText: '2. Rate the shelves' });
    await second.getByLabel('Answer type').selectOption('score');
    expect(await second.getByLabel('Maximum score').inputValue()).toBe('5');
    await page.getByRole('button', { name: 'Move question 2 up' }).click();
    await page.getByRole('button', { name: '1. Rate the shelves' }).waitFor();
    await page.getByRole('button', { name: '2. Is the entrance clean?' }).waitFor();

    // Section 2; saving with an empty question shows where the problem is.
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.keyboard.type('Back office');
    await page
      .getByRole('group', { name: /^Section 2/ })
      .getByRole('button', { name: 'Add question' })
      .click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Question text is required').waitFor();
    expect(await focusedValue()).toContain('aria-invalid="true"');
    await page.keyboard.type('Fridges at temperature?');
    const fridge = page.locator('li', { hasText: 'Fridges at temperature?' });
    await fridge.getByLabel('Critical').check();
    await page
      .getByRole('group', { name: /^Section 1/ })
      .getByLabel('Weight')
      .first()
      .fill('3');
    await page.getByText('75 % of the score').waitFor();
    // A valid draft saves itself a moment after the last change; Save draft has nothing left to do.
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved at \d/ })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Save draft' }).isDisabled()).toBe(true);

    // The editor and its content survive a reload (the open version is in the URL).
    await page.reload();
    await page.getByRole('button', { name: '1. Rate the shelves' }).waitFor();
    await page.getByRole('button', { name: '2. Is the entrance clean?' }).waitFor();
    await page.getByRole('button', { name: '3. Fridges at temperature?' }).waitFor();

    // Preview as the inspector sees it.
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('heading', { level: 3, name: 'Entrance' }).waitFor();
    await page.getByRole('radio', { name: 'Yes' }).first().waitFor();
    await page.getByText('Critical').first().waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();

    await page.getByRole('button', { name: 'Publish' }).click();
    await confirm(page, 'Publish');
    await notice(page, 'Test Checklist version 1 published.');
    await page.getByText('This version is published and never changes.', { exact: false }).waitFor();

    // Editing the published version creates version 2 as a draft.
    await page.getByRole('button', { name: '2. Is the entrance clean?' }).click();
    await page
      .locator('li', { hasText: '2. Is the entrance clean?' })
      .getByRole('textbox', { name: /^Question/ })
      .fill('Is the entrance clean and lit?');
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await notice(page, 'Version 2 created as a draft.');
    await page.waitForURL(() => openedId() !== v1);
    await page.getByText('Version 2', { exact: true }).waitFor();
    await page.getByRole('button', { name: '2. Is the entrance clean and lit?' }).waitFor();

    // Both versions are listed; version 1 is kept unchanged and read-only.
    await page.getByRole('button', { name: 'Versions (2)' }).click();
    await page.getByRole('menuitemradio', { name: /Version 1/ }).click();
    await page.getByText('This is an older version; version 2 is the latest.').waitFor();
    await page.getByRole('button', { name: 'Structure' }).click();
    await page.getByRole('button', { name: '2. Is the entrance clean?' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save as new version' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open the latest version' }).click();
    await page.getByText('Version 2', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'All schemes' }).click();
    await search(page, 'Test Checklist');
    await row(page, 'Test Checklist').getByText('Draft').waitFor();
    expect(await row(page, 'Test Checklist').getByText('v2', { exact: true }).count()).toBe(1);
  });
});
