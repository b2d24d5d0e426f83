// The field app's work kept on the phone in the harder cases, as qualitycontrol@demo.com meets them on a
// phone-sized page: the browser is closed with work waiting and opened again (the same profile), the
// device's storage is full, the task is cancelled while its photos wait, and the reviewer reads a
// check-in the device made offline.
//
// A browser restart is a real one: a persistent profile closed and launched again. A second context made
// from `context.storageState({ indexedDB: true })` cannot stand in for it: Playwright serialises the
// IndexedDB records, and the user's key is a non-extractable CryptoKey (by design: nothing can read it
// out), which arrives in the copy as an empty object, so the copied records cannot be opened.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { db } from '../../server/db/kysely.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../server/testing/chromium.ts';
import {
  answerOffline,
  group,
  offlineScheme,
  opsCount,
  PHONE,
  performPath,
  phone,
  placeOf,
  queueCalls,
} from '../../server/testing/offline.ts';
import { createTaskFixture, type TaskFixture } from '../../server/testing/workflow.ts';
import { axeAudit } from '../testing/axe.ts';
import { setupClientBrowser } from '../testing/browser.ts';

const b = await setupClientBrowser();
const k = () => db(b.orm.em.fork());
const scheme = offlineScheme(b, 'Offline device visit', 'Cold room');
const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 60, g: 120, b: 200 } } })
  .png()
  .toBuffer();
/** Words only the inspector types. */
const SECRET = 'Chambre froide à 9 degrés';

/** Check in, answer with a photo, a remark and a signature, and submit: with no connection. */
async function performOffline(page: Page): Promise<void> {
  await answerOffline(page, { photo, photoName: 'cold-room.png', remark: SECRET, signer: 'Ines Haddad' });
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await submit.click();
  await page.getByText('Submitted on this device: it is sent as soon as the connection is back.').waitFor();
}

describe('the field app offline, the harder cases', { timeout: 240_000 }, () => {
  it('keeps a task performed offline across a browser restart and sends it once, when online again', async () => {
    const f = await createTaskFixture(b.orm, { schemeId: scheme.id, startsAt: new Date(Date.now() - 10 * 60_000) });
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-offline-profile-'));
    const geolocation = await placeOf(b, f);
    // The phone's browser, with its own profile on disk (what survives closing it).
    const launch = async (): Promise<{ context: BrowserContext; page: Page }> => {
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        baseURL: b.baseUrl,
        viewport: PHONE,
        serviceWorkers: 'block',
        geolocation,
        permissions: ['geolocation'],
      });
      const page = context.pages()[0] ?? (await context.newPage());
      page.setDefaultTimeout(20_000);
      return { context, page };
    };
    try {
      const first = await launch();
      await b.signInAt(first.page, 'qualitycontrol@demo.com', 'qualitycontrol', performPath(f));
      await first.page.getByRole('button', { name: 'Check in' }).waitFor();
      await first.context.setOffline(true);
      await performOffline(first.page);
      const waiting = await opsCount(first.page);
      expect(waiting).toBeGreaterThanOrEqual(6);
      // The browser is closed with everything still on the device, the app unloaded first while still
      // offline (a phone closing its tab without signal), by the page itself: the emulated offline state and
      // Playwright's view of requests belong to the page's session, and a document left behind outside it
      // reached the server with the outbox's retried check-in. Seen both ways, each under load: a page
      // closed while running the app (its timers outlive the emulation as the browser closes), and a
      // navigation to about:blank by Playwright (a new renderer process; the app's old one ran on for a
      // moment: the task turned in_progress between the navigation and the close, with no request seen).
      // The server then had the task started while the restarted browser still held every change. A
      // navigation the page makes itself stays in its process and ends the app's document (and timers)
      // before the next one commits: 5 of 5 runs under load, 2 failures in 3 before.
      await first.page.evaluate(() => window.location.replace('about:blank'));
      await first.page.waitForURL('about:blank');
      await first.context.close();

      // Opened again: the work is still there, encrypted on disk, and waits while the server cannot take it.
      const second = await launch();
      await second.context.route(queueCalls, (route) => route.abort());
      await second.page.goto(performPath(f));
      const kept = second.page.getByText('Submitted on this device: it is sent as soon as the connection is back.');
      const login = second.page.getByRole('button', { name: 'Login', exact: true });
      await kept.or(login).waitFor();
      if (await login.isVisible()) {
        // The session ended with the browser (no "Remember me"): the same user signs in again and finds the queue.
        await b.signInAt(second.page, 'qualitycontrol@demo.com', 'qualitycontrol', performPath(f));
        await kept.waitFor();
      }
      expect(await opsCount(second.page)).toBe(waiting);
      expect(
        await k().selectFrom('tasks').select('status').where('id', '=', f.taskId).executeTakeFirstOrThrow(),
      ).toEqual({ status: 'scheduled' });

      // The server answers: it all arrives, once.
      await second.context.unroute(queueCalls);
      await second.page.getByText('Submitted: waiting for review').waitFor({ timeout: 60_000 });
      await expect.poll(() => opsCount(second.page)).toBe(0);
      const task = await k()
        .selectFrom('tasks')
        .select(['status', 'answers', 'check_in_offline'])
        .where('id', '=', f.taskId)
        .executeTakeFirstOrThrow();
      expect(task).toMatchObject({ status: 'submitted', check_in_offline: true });
      expect(task.answers.find((a) => a.questionKey === 'remarks')?.value).toBe(SECRET);
      const files = await k().selectFrom('files').select(['question_key']).where('task_id', '=', f.taskId).execute();
      expect(files.map((row) => row.question_key).sort()).toEqual(['manager_sign', 'shelves']);
      const events = await k()
        .selectFrom('audit_events')
        .select(['action'])
        .where('entity_type', '=', 'Task')
        .where('entity_id', '=', f.taskId)
        .where('action', 'in', ['start', 'submit'])
        .execute();
      expect(events.map((e) => e.action).sort()).toEqual(['start', 'submit']);
      await second.context.close();
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  it('says so when the device is out of storage, and loses nothing typed', async () => {
    const f = await createTaskFixture(b.orm, { schemeId: scheme.id, status: 'in_progress' });
    const { context, page } = await phone(b, f);
    // A phone with little room for the app: Chromium's own quota for the origin, set before the origin
    // stores anything (the quota is fixed when its storage is first used), enforced by the browser itself.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: b.baseUrl, quotaSize: 2 * 1024 * 1024 });
    try {
      await b.signInAt(page, 'qualitycontrol@demo.com', 'qualitycontrol', performPath(f));
      const remarks = group(page, /Remarks for the manager/).getByRole('textbox');
      await remarks.waitFor();
      // The answer before: kept and sent as usual.
      await group(page, /Shelves stocked/)
        .getByRole('radio', { name: 'Yes', exact: true })
        .check();
      await expect.poll(() => serverAnswer(f, 'shelves')).toBe(true);
      await expect.poll(() => opsCount(page)).toBe(0);

      // Something else fills the device (another database of the origin, written until the browser
      // refuses): the app's next write meets a real QuotaExceededError.
      expect(await fillStorage(page)).toBe('QuotaExceededError');
      await remarks.fill(SECRET);
      const full = page.getByText(/^This device is out of storage: the last change could not be kept on it\./);
      await full.waitFor();
      expect(await axeAudit(page, 'perform page, storage full 390px')).toEqual([]);
      // Said plainly; what was typed stays on screen; nothing half-written waits or is sent.
      await expect(remarks.inputValue()).resolves.toBe(SECRET);
      expect(await opsCount(page)).toBe(0);
      expect(await serverAnswer(f, 'remarks')).toBeUndefined();

      // Room again: the change, made again as the message asks, is kept and arrives.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const request = indexedDB.deleteDatabase('filler');
            request.onsuccess = request.onerror = request.onblocked = () => resolve();
          }),
      );
      await remarks.fill(`${SECRET}.`);
      await full.waitFor({ state: 'hidden' });
      await expect.poll(() => serverAnswer(f, 'remarks'), { timeout: 15_000 }).toBe(`${SECRET}.`);
    } finally {
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: b.baseUrl });
      await context.close();
    }
  });

  it('shows the reviewer that the check-in was made offline, once the device sent it', async () => {
    const f = await createTaskFixture(b.orm, { schemeId: scheme.id, startsAt: new Date(Date.now() - 10 * 60_000) });
    const { context, page } = await phone(b, f);
    await b.signInAt(page, 'qualitycontrol@demo.com', 'qualitycontrol', performPath(f));
    await page.getByRole('button', { name: 'Check in' }).waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Check in' }).click();
    await page.getByText(/^Checked in offline at .*: waiting to send$/).waitFor();
    await context.setOffline(false);
    await expect
      .poll(
        () =>
          k()
            .selectFrom('tasks')
            .select(['status', 'check_in_offline'])
            .where('id', '=', f.taskId)
            .executeTakeFirstOrThrow(),
        { timeout: 30_000 },
      )
      .toEqual({ status: 'in_progress', check_in_offline: true });
    await context.close();

    // The reviewer opens the task: the check-in says it was made offline, with the device's time.
    const reviewer = await b.newPage({ viewport: { width: 1280, height: 900 } });
    reviewer.page.setDefaultTimeout(20_000);
    await b.signInAt(reviewer.page, 'analyst@demo.com', 'analyst', `/tasks/viewTask/${f.taskId}`);
    const checkIn = reviewer.page.getByRole('region', { name: 'Check-in' });
    await checkIn.getByText('Checked in offline', { exact: true }).waitFor();
    await reviewer.page.getByText('Checked in offline (time from the device)').waitFor();
    await reviewer.context.close();
  });

  it('keeps the photos of a task cancelled while the device was offline with the task, for the reviewer', async () => {
    const f = await createTaskFixture(b.orm, { schemeId: scheme.id, status: 'in_progress' });
    const { context, page } = await phone(b, f);
    await b.signInAt(page, 'qualitycontrol@demo.com', 'qualitycontrol', performPath(f));
    const remarks = group(page, /Remarks for the manager/).getByRole('textbox');
    await remarks.waitFor();
    await context.setOffline(true);
    await group(page, /Shelves stocked/)
      .getByRole('radio', { name: 'No', exact: true })
      .check();
    await group(page, /Shelves stocked/)
      .locator('input[type="file"]')
      .setInputFiles({ name: 'empty-shelf.png', mimeType: 'image/png', buffer: photo });
    await group(page, /Shelves stocked/)
      .getByRole('img', { name: 'Photo 1' })
      .waitFor();
    await remarks.fill(SECRET);
    // The answer, the photo's upload and the answer naming it, the remark.
    await expect.poll(() => opsCount(page)).toBe(4);

    // Meanwhile the floor manager cancels the task.
    const floor = await b.caller('floormanager@demo.com');
    await floor.tasks.cancel({ id: f.taskId, reason: 'Store closed for stocktaking' });

    await context.setOffline(false);
    await page.getByText('This task changed while you were offline').waitFor({ timeout: 30_000 });
    await expect.poll(() => opsCount(page)).toBe(0);
    await context.close();

    // On the server: the photo is stored with the task, and the kept answers name it; nothing is missing.
    const files = await k()
      .selectFrom('files')
      .select(['id', 'question_key'])
      .where('task_id', '=', f.taskId)
      .execute();
    expect(files.map((file) => file.question_key)).toEqual(['shelves']);
    const kept = await k()
      .selectFrom('audit_events')
      .select(['changes'])
      .where('entity_type', '=', 'Task')
      .where('entity_id', '=', f.taskId)
      .where('action', '=', 'offline_kept')
      .execute();
    expect(kept).toHaveLength(1);
    const changes = kept[0].changes as { answers: { questionKey: string; fileIds?: number[] }[]; filesNotSent: number };
    expect(changes.answers.find((a) => a.questionKey === 'shelves')?.fileIds).toEqual([files[0].id]);
    expect(changes.filesNotSent).toBe(0);
    expect(
      await k().selectFrom('tasks').select(['status', 'answers']).where('id', '=', f.taskId).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'cancelled', answers: [] });

    // The reviewer sees the kept photo with the kept answers, and it opens.
    const reviewer = await b.newPage({ viewport: { width: 1280, height: 900 } });
    reviewer.page.setDefaultTimeout(20_000);
    await b.signInAt(reviewer.page, 'analyst@demo.com', 'analyst', `/tasks/viewTask/${f.taskId}`);
    const history = reviewer.page.getByRole('region', { name: 'History' });
    await history.getByText('Answers kept from the device').waitFor();
    await history.getByText(SECRET).waitFor();
    const thumbnail = history.getByRole('img', { name: 'Photo 1 of shelves, kept from the device' });
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await axeAudit(reviewer.page, '/tasks/viewTask kept offline work 1280px')).toEqual([]);
    await reviewer.context.close();
  });
});

/** The value the server holds for one answer of the task. */
async function serverAnswer(f: TaskFixture, questionKey: string): Promise<unknown> {
  const task = await k().selectFrom('tasks').select('answers').where('id', '=', f.taskId).executeTakeFirstOrThrow();
  return task.answers.find((a) => a.questionKey === questionKey)?.value;
}

/**
 * Write random bytes to a database of its own until the browser refuses even a few bytes more; the first
 * refusal's name. Chunks of 256 KB first, then ever smaller ones: a refused 256 KB chunk leaves up to
 * 256 KB free, room enough for the app's next change, which then would not meet the full device.
 */
function fillStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const open = indexedDB.open('filler');
    open.onupgradeneeded = () => open.result.createObjectStore('bytes');
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    const put = (key: number, size: number) => {
      const chunk = new Uint8Array(size);
      for (let at = 0; at < chunk.length; at += 65_536) crypto.getRandomValues(chunk.subarray(at, at + 65_536));
      const tx = database.transaction('bytes', 'readwrite');
      tx.objectStore('bytes').put(chunk, key);
      return new Promise<string | null>((resolve) => {
        tx.oncomplete = () => resolve(null);
        tx.onabort = () => resolve(tx.error?.name ?? 'AbortError');
      });
    };
    try {
      let first: string | null = null;
      let key = 0;
      for (let size = 256 * 1024; size >= 16; size /= 2) {
        for (let i = 0; i < 1000; i++) {
          const refused = await put(key++, size);
          if (refused) {
            first ??= refused;
            break;
          }
        }
      }
      return first ?? 'never refused';
    } finally {
      database.close();
    }
  });
}
