// Nothing typed is lost silently: a half-filled dialog closed by Escape, its close button or a click
// outside asks "Discard changes?" (Keep editing keeps the text and focus; Discard closes), a clean one
// closes at once; leaving a scheme with unsaved changes (a link, its own back button, the browser's
// back button) asks the same, a reload gets the browser's beforeunload prompt, and a clean editor
// leaves without asking.
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../../testing/browser.ts';
import { dialog, row, search } from '../../testing/list-pages.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');
const other = await b.caller('admin@demo.com');

const prompt = () => page.getByRole('alertdialog', { name: 'Discard changes?' });
const focused = () =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

describe('unsaved changes', { timeout: 90_000 }, () => {
  it('a clean dialog closes on Escape without asking', async () => {
    await page.goto('/management/directions');
    await page.getByRole('button', { name: 'New direction' }).click();
    await dialog(page, 'New direction').waitFor();
    await page.keyboard.press('Escape');
    await dialog(page, 'New direction').waitFor({ state: 'detached' });
    expect(await prompt().count()).toBe(0);
  });

  it('Escape, the close button and a click outside a half-filled dialog ask first; Keep editing keeps the text', async () => {
    await page.goto('/management/directions');
    await page.getByRole('button', { name: 'New direction' }).click();
    const create = dialog(page, 'New direction');
    await create.getByLabel('Name').fill('Half-filled direction');

    await page.keyboard.press('Escape');
    await prompt().waitFor();
    // Keep editing is focused first, so Enter (or Escape) never throws the text away.
    expect(await focused()).toBe('Keep editing');
    await page.keyboard.press('Enter');
    await prompt().waitFor({ state: 'detached' });
    expect(await create.getByLabel('Name').inputValue()).toBe('Half-filled direction');
    await expect.poll(() => create.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await create.getByRole('button', { name: 'Close' }).click();
    await prompt().waitFor();
    await page.keyboard.press('Escape');
    await prompt().waitFor({ state: 'detached' });
    expect(await create.getByLabel('Name').inputValue()).toBe('Half-filled direction');

    await page.mouse.click(8, 400);
    await prompt().waitFor();
    await prompt().getByRole('button', { name: 'Discard' }).click();
    await create.waitFor({ state: 'detached' });
    // Focus goes back to where the dialog was opened from.
    await expect.poll(focused).toBe('New direction');
  });

  it('leaving a scheme with unsaved changes asks first: a link, the editor’s back button and the browser’s back button', async () => {
    const scheme = await other.schemes.create({
      name: 'Guarded Scheme',
      sections: [{ title: 'Hall', questions: [{ key: 'floor', text: 'Is the floor dry?', type: 'yesno' }] }],
    });
    await other.schemes.publish({ id: scheme.id });
    // Opened from the list, so the list is the history entry before the editor.
    await page.goto('/management/schemes');
    await search(page, 'Guarded Scheme');
    await row(page, 'Guarded Scheme').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '1. Is the floor dry?' }).click();
    const text = page.getByRole('textbox', { name: /^Question/ });
    await text.fill('Is the floor dry and clean?');

    await page.getByRole('button', { name: 'All schemes' }).click();
    await prompt().waitFor();
    await prompt().getByRole('button', { name: 'Keep editing' }).click();
    expect(new URL(page.url()).searchParams.get('scheme')).toBe(String(scheme.id));
    expect(await text.inputValue()).toBe('Is the floor dry and clean?');

    await page.getByRole('link', { name: 'Directions', exact: true }).first().click();
    await prompt().waitFor();
    await page.keyboard.press('Escape');
    expect(new URL(page.url()).pathname).toBe('/management/schemes');

    await page.evaluate(() => history.back());
    await prompt().waitFor();
    await prompt().getByRole('button', { name: 'Keep editing' }).click();
    expect(new URL(page.url()).searchParams.get('scheme')).toBe(String(scheme.id));
    expect(await text.inputValue()).toBe('Is the floor dry and clean?');

    // A reload gets the browser's own prompt (dismissed here: the page stays), then Discard really leaves.
    await text.fill('Is the floor dry and swept?');
    const shown = new Promise<string>((resolve) => {
      page.once('dialog', (d) => {
        resolve(d.type());
        void d.dismiss();
      });
    });
    await page.evaluate(() => void setTimeout(() => location.reload(), 0));
    expect(await shown).toBe('beforeunload');
    expect(await text.inputValue()).toBe('Is the floor dry and swept?');

    await page.getByRole('button', { name: 'All schemes' }).click();
    await prompt().getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL((url) => !url.searchParams.has('scheme'));
    expect((await other.schemes.byId({ id: scheme.id })).sections[0].questions[0].text).toBe('Is the floor dry?');
  });

  it('a scheme without changes is left without asking', async () => {
    const scheme = await other.schemes.create({ name: 'Clean Scheme' });
    await page.goto(`/management/schemes?scheme=${scheme.id}`);
    await page.getByRole('button', { name: 'Add section' }).waitFor();
    await page.getByRole('button', { name: 'All schemes' }).click();
    await page.waitForURL((url) => !url.searchParams.has('scheme'));
    expect(await prompt().count()).toBe(0);
  });
});
