// Errors by key, as an Arabic reader sees them: admin@demo.com, language Arabic, approves a task that
// someone else changed since the review page loaded (the server refuses the transition), then saves a
// new direction with a bad code and no name (the form refuses it). Both refusals read in Arabic, from
// errors.json and validation.json; neither shows the English the server also sends.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { db } from '../../server/db/kysely.ts';
import { createTaskFixture } from '../../server/testing/workflow.ts';
import { setupClientBrowser } from '../testing/browser.ts';

type Strings = Record<string, unknown>;
const arabic = (namespace: string): Strings =>
  JSON.parse(readFileSync(new URL(`../i18n/locales/ar/${namespace}.json`, import.meta.url), 'utf8')) as Strings;
/** The string at a dotted key of a namespace. */
const text = (strings: Strings, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Strings)[part], strings) as string;

const errors = arabic('errors');
const validation = arabic('validation');
const review = arabic('review');
const business = arabic('business');
const forms = arabic('forms');

const b = await setupClientBrowser();

describe('errors by key in Arabic', { timeout: 120_000 }, () => {
  it('a refused approval and a refused form entry read in Arabic', async () => {
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(15_000);
    await b.signIn(page, 'admin@demo.com', 'admin');
    await context.addCookies([{ name: 'od-language', value: 'ar', url: b.baseUrl }]);

    // A submitted task, open on the review page; then someone else changes it (its version moves).
    const { taskId } = await createTaskFixture(b.orm, { status: 'submitted' });
    await page.goto(`/tasks/viewTask/${taskId}`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.getByRole('button', { name: text(review, 'review.approve'), exact: true }).click();
    const approve = page.getByRole('dialog', { name: text(review, 'review.approveTitle') });
    await db(b.orm.em.fork())
      .updateTable('tasks')
      .set({ version: sql<number>`version + 1` })
      .where('id', '=', taskId)
      .execute();
    await approve.getByRole('button', { name: text(review, 'review.confirmApprove') }).click();

    // errors:common.staleRecord with the record named in Arabic (records.Task), not the English message.
    const refusal = text(errors, 'common.staleRecord').replace('{{record}}', text(errors, 'records.Task'));
    await approve.getByText(refusal).waitFor();
    expect(await page.getByText('was changed by someone else').count()).toBe(0);
    await page.keyboard.press('Escape');

    // A bad form entry: a code with a space and no name, refused by the schema before it is sent.
    await page.goto('/management/directions');
    await page.getByRole('button', { name: text(business, 'directions.new') }).click();
    const create = page.getByRole('dialog', { name: text(business, 'directions.new') });
    await create.locator('input[name="code"]').fill('bad code!');
    await create.getByRole('button', { name: text(forms, 'save'), exact: true }).click();
    await create.getByText(text(validation, 'code.chars')).waitFor();
    await create.getByText(text(validation, 'name.required')).waitFor();
    await create.getByText(text(errors, 'common.invalidInput')).waitFor();
    expect(await create.getByText('Name is required').count()).toBe(0);
    await context.close();
  });
});
