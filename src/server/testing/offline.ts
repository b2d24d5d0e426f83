// What the field app's offline browser tests share: a published scheme to perform (answer with photo
// evidence, a remark, a signature), a phone-sized page standing at the task's location, and readers of the
// app's offline database (its records, the waiting changes) and of everything the origin stores.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { db } from '../db/kysely.ts';
import type { BrowserHarness } from './browser.ts';
import type { TaskFixture } from './workflow.ts';

export const PHONE = { width: 390, height: 844 };

/** The perform page of a task. */
export const performPath = (f: TaskFixture) => `/tasks/perform_task/${f.slotId}/${f.assignmentId}`;

/** A question of the perform page, by its text. */
export const group = (page: Page, name: RegExp) => page.getByRole('group', { name });

/** The mutations that carry the device's queue (queries still answer). */
export const queueCalls = (url: URL) =>
  (url.pathname.startsWith('/trpc/') && /tasks\.(start|saveAnswers|submit|keepOfflineWork)/.test(url.pathname)) ||
  url.pathname === '/api/files';

/**
 * A scheme published before the file's tests (its id once `beforeAll` ran): shelves (yes/no, photo always
 * required), remarks (optional text) and the manager's signature, in one section named `section`.
 */
export function offlineScheme(b: BrowserHarness, name: string, section: string): { id: number } {
  const scheme = { id: 0 };
  beforeAll(async () => {
    const admin = await b.caller('admin@demo.com');
    const draft = await admin.schemes.create({
      name,
      passingScore: 50,
      sections: [
        {
          title: section,
          questions: [
            { key: 'shelves', text: 'Shelves stocked?', type: 'yesno', evidence: 'always' },
            { key: 'remarks', text: 'Remarks for the manager', type: 'text', required: false },
            { key: 'manager_sign', text: 'Manager signature', type: 'signature' },
          ],
        },
      ],
    });
    scheme.id = (await admin.schemes.publish({ id: draft.id })).id;
  });
  return scheme;
}

/** Where the task's location is, as a device there would report it (`b`: anything holding the ORM). */
export async function placeOf(
  b: Pick<BrowserHarness, 'orm'>,
  f: Pick<TaskFixture, 'locationId'>,
): Promise<{ latitude: number; longitude: number; accuracy: number }> {
  const place = await db(b.orm.em.fork())
    .selectFrom('locations')
    .select(['latitude', 'longitude'])
    .where('id', '=', f.locationId)
    .executeTakeFirstOrThrow();
  return { latitude: Number(place.latitude), longitude: Number(place.longitude), accuracy: 10 };
}

/** A phone-sized page that may read its position, standing at the task's location. */
export async function phone(b: BrowserHarness, f: TaskFixture): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await b.newPage({ viewport: PHONE });
  opened.page.setDefaultTimeout(20_000);
  await opened.context.grantPermissions(['geolocation'], { origin: b.baseUrl });
  await opened.context.setGeolocation(await placeOf(b, f));
  return opened;
}

/** Ids of the records the app keeps in its offline database (empty when it does not exist). */
export function recordIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('opsdesk-offline')) return [];
    const open = indexedDB.open('opsdesk-offline');
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
      const request = database.transaction('records').objectStore('records').getAllKeys();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
    database.close();
    return keys.map(String);
  });
}

/** How many changes wait in the device's outbox. */
export function opsCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'opsdesk-offline')) return 0;
    const open = indexedDB.open('opsdesk-offline');
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    const count = await new Promise<number>((resolve, reject) => {
      const request = database.transaction('ops').objectStore('ops').count();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
    database.close();
    return count;
  });
}

/**
 * On the perform page with no connection: check in, answer the shelves with `photo` as evidence, type
 * `remark`, sign with `signer`'s typed name; each kept on the device (not submitted).
 */
export async function answerOffline(
  page: Page,
  answers: { photo: Buffer; photoName: string; remark: string; signer: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Check in' }).click();
  await page.getByText(/^Checked in offline at .*: waiting to send$/).waitFor();
  const shelves = group(page, /Shelves stocked/);
  await shelves.getByRole('radio', { name: 'Yes', exact: true }).check();
  await shelves
    .locator('input[type="file"]')
    .setInputFiles({ name: answers.photoName, mimeType: 'image/png', buffer: answers.photo });
  await shelves.getByRole('img', { name: 'Photo 1' }).waitFor();
  await group(page, /Remarks for the manager/)
    .getByRole('textbox')
    .fill(answers.remark);
  const signature = group(page, /Manager signature/);
  await signature.getByRole('textbox', { name: 'Or type the name' }).fill(answers.signer);
  await signature.getByRole('button', { name: 'Use typed name' }).click();
  await signature.getByRole('button', { name: 'Save signature' }).click();
  await signature.getByRole('img', { name: 'Saved signature' }).waitFor();
}
