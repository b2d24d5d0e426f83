// Helpers for the browser tests of the business list pages (Playwright): find rows, open row menus,
// confirm dialogs and wait for notices the way a keyboard or screen-reader user would.
import type { Locator, Page } from 'playwright-core';

/** The table row containing `text`. */
export function row(page: Page, text: string): Locator {
  return page.locator('tbody tr', { hasText: text });
}

/** The list's data rows (not its loading or empty row). */
export function dataRows(page: Page): Locator {
  return page.locator('tbody tr[tabindex="0"]');
}

/** Wait until the list (its table, or its cards on a phone) shows the rows of its current state (no request in flight). */
export async function settled(page: Page): Promise<void> {
  // The live list: a page the server drew is replaced by the app (with the visitor's table settings).
  await page.locator('#root:not([data-drawn]) [data-list-body]:not([aria-busy])').waitFor();
}

/** Type into the list's search box (debounced) and wait for the URL to carry it. */
export async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await page.waitForURL((url) => (url.searchParams.get('q') ?? '') === text);
}

/** Open the row's action menu and choose an item. */
export async function rowAction(page: Page, rowName: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${rowName}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/**
 * Confirm the open confirmation dialog with its `button`, once the dialog has finished appearing.
 * Primer's dialog scales in (0.5 to 1 in 200 ms), and the animation starts only after the dialog has
 * been drawn at full size for two or three frames. Playwright calls the button stable on two equal
 * frames, so it can press during those frames. The animation then moves the button away before the
 * release, the click goes to the dialog around it, and nothing is chosen.
 */
export async function confirm(page: Page, button: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.evaluate((el) =>
    Promise.all(
      el
        .getAnimations()
        .filter((animation) => animation.timeline === document.timeline)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

/** Wait for a notice (success or refusal) with this text. */
export async function notice(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/** The open dialog with this title. */
export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Choose a filter value by the select's accessible name and the option's label. */
export async function filter(page: Page, name: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name, exact: true }).selectOption({ label: option });
}
