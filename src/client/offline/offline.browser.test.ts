// The field app without a connection, on a phone-sized page as qualitycontrol@demo.com uses it: a task
// kept on the device while online but never opened is opened, checked in, answered with a photo and a
// signature and submitted with the network off; the device holds it encrypted (no answer text in any
// storage of the origin); after a reload it is still there and, once the server answers, it arrives
// exactly once with its offline check-in. Logout names the unsent changes and wipes the device. A task
// cancelled while the device was offline ends with a clear message and the answers kept with the task.
// Axe on the offline states.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { db } from '../../server/db/kysely.ts';
import {
  answerOffline,
  group,
  offlineScheme,
  opsCount,
  performPath,
  phone,
  queueCalls,
  recordIds,
} from '../../server/testing/offline.ts';
import { createTaskFixture } from '../../server/testing/workflow.ts';
import { formatZonedRange } from '../../shared/time/zoned.ts';
import { axeAudit } from '../testing/axe.ts';
import { setupClientBrowser } from '../testing/browser.ts';

const b = await setupClientBrowser();
const k = () => db(b.orm.em.fork());
const scheme = offlineScheme(b, 'Offline visit', 'Store');
const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 60, b: 60 } } })
  .png()
  .toBuffer();
/** Words only the inspector types: they must never be readable in the browser's storage. */
const SECRET = 'Frigo vide au rayon quatre';

/** Everything the origin stores (every IndexedDB database and store, bytes as text; Web Storage; Cache Storage) as one text. */
function storageDump(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const latin1 = new TextDecoder('latin1');
    const utf8 = new TextDecoder();
    const text = (value: unknown): string => {
      if (value instanceof ArrayBuffer) return `${latin1.decode(value)} ${utf8.decode(value)}`;
      if (ArrayBuffer.isView(value))
        return text(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
      if (value instanceof Blob) return '[blob]';
      if (value instanceof CryptoKey) return `[key extractable=${value.extractable}]`;
      if (Array.isArray(value)) return value.map(text).join(' ');
      if (value && typeof value === 'object')
        return Object.entries(value)
          .map(([k, v]) => `${k}:${text(v)}`)
          .join(' ');
      return String(value);
    };
    const parts: string[] = [];
    for (const info of await indexedDB.databases()) {
      const open = indexedDB.open(info.name as string);
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(String(open.error)));
      });
      for (const store of Array.from(database.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const request = database.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(new Error(String(request.error)));
        });
        parts.push(`${info.name}/${store}: ${rows.map(text).join('\n')}`);
      }
      database.close();
    }
    for (const storage of [localStorage, sessionStorage])
      for (let i = 0; i < storage.length; i++) parts.push(`${storage.key(i)}=${storage.getItem(storage.key(i) ?? '')}`);
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys())
        parts.push(`${request.url} ${await (await cache.match(request))?.text()}`);
    }
    return parts.join('\n');
  });
}

describe('the field app offline', { timeout: 240_000 }, () => {
  it('performs and submits a task never opened before entirely offline; kept encrypted, it survives a reload and arrives once', async () => {
    const startsAt = new Date(Date.now() - 10 * 60_000);
    const first = await createTaskFixture(b.orm, { schemeId: scheme.id, startsAt });
    const second = await createTaskFixture(b.orm, { schemeId: scheme.id, startsAt });
    const { context, page } = await phone(b, second);
    await b.signIn(page, 'qualitycontrol@demo.com', 'qualitycontrol');
    const me = await k()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'qualitycontrol@demo.com')
      .executeTakeFirstOrThrow();

    // Online: today's tasks are kept on the device by themselves, without opening them.
    await page.goto('/tasks?mine=true');
    await expect
      .poll(() => recordIds(page), { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining([
          `task:${me.id}:${first.slotId}:${first.assignmentId}`,
          `task:${me.id}:${second.slotId}:${second.assignmentId}`,
          `me:${me.id}`,
        ]),
      );

    // A task further ahead is kept on demand.
    const ahead = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Make available offline: / }) })
      .first();
    const keepButton = ahead.getByRole('button', { name: /^Make available offline: / });
    const href = await ahead.locator('a[href^="/tasks/perform_task/"]').first().getAttribute('href');
    const [, aheadSlot, aheadAssignment] = /perform_task\/(\d+)\/(\d+)/.exec(href ?? '') ?? [];
    await keepButton.click();
    await expect
      .poll(() => recordIds(page), { timeout: 20_000 })
      .toEqual(expect.arrayContaining([`task:${me.id}:${aheadSlot}:${aheadAssignment}`, `pins:${me.id}`]));

    // Offline: /tasks lists what the device keeps; the second task opens on its perform page.
    await context.setOffline(true);
    const deviceTasks = page.getByRole('region', { name: 'Tasks on this device' });
    await deviceTasks.waitFor();
    await page.getByText('You are offline', { exact: true }).waitFor();
    // Each kept task says its window on its location's clock, the zone named, as the online list does.
    const kept = await (await b.caller('qualitycontrol@demo.com')).tasks.byId({ id: second.taskId });
    // (ICU's thin and narrow no-break spaces read as plain ones: Node's and Chromium's ICU may differ.)
    const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
    const keptWindow = plain(
      formatZonedRange(kept.startsAt, kept.endsAt, {
        language: 'en',
        zone: kept.timeZone,
        readerZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      }),
    );
    const keptItem = deviceTasks
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="${performPath(second)}"]`) });
    await expect.poll(async () => plain(await keptItem.innerText())).toContain(keptWindow);
    expect(await axeAudit(page, '/tasks offline 390px')).toEqual([]);
    await deviceTasks.locator(`a[href="${performPath(second)}"]`).click();
    await page.getByText('Shown from this device: you are offline.').waitFor();

    // Check in, answer, photo, signature, submit: all kept on the device.
    await answerOffline(page, { photo, photoName: 'shelves.png', remark: SECRET, signer: 'Claire Martin' });
    await page.getByText('Offline: Submit keeps the task on this device').waitFor();
    expect(await axeAudit(page, '/tasks/perform_task offline checklist 390px')).toEqual([]);
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText('Submitted on this device: it is sent as soon as the connection is back.').waitFor();

    // Encrypted at rest: no answer text anywhere in the origin's storage; the key is not extractable.
    const dump = await storageDump(page);
    expect(dump).toContain('opsdesk-offline/ops');
    expect(dump).not.toContain(SECRET);
    expect(dump).not.toContain('Frigo');
    expect(dump).not.toContain('Claire Martin');
    expect(dump).toContain('[key extractable=false]');
    expect(dump).not.toContain('[key extractable=true]');

    // Back on the network with the server still refusing the queue: a reload restores it from the device.
    await page.route(queueCalls, (route) => route.abort());
    await context.setOffline(false);
    await page.reload();
    await page.getByText('Submitted on this device: it is sent as soon as the connection is back.').waitFor();
    expect(
      await k().selectFrom('tasks').select('status').where('id', '=', second.taskId).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'scheduled' });

    // The server answers again: the queue goes by itself (retried with backoff), in order, once.
    await page.unroute(queueCalls);
    await page.getByText('Submitted: waiting for review').waitFor({ timeout: 60_000 });
    const task = await k()
      .selectFrom('tasks')
      .select(['status', 'answers', 'signature_file_id', 'check_in_offline', 'check_in_at'])
      .where('id', '=', second.taskId)
      .executeTakeFirstOrThrow();
    expect(task).toMatchObject({ status: 'submitted', check_in_offline: true });
    expect(task.signature_file_id).not.toBeNull();
    const answers = new Map(task.answers.map((a) => [a.questionKey, a]));
    expect(answers.get('remarks')?.value).toBe(SECRET);
    expect(answers.get('shelves')).toMatchObject({ value: true });
    expect(answers.get('shelves')?.fileIds).toHaveLength(1);
    const files = await k().selectFrom('files').select(['question_key']).where('task_id', '=', second.taskId).execute();
    expect(files.map((f) => f.question_key).sort()).toEqual(['manager_sign', 'shelves']);
    const events = await k()
      .selectFrom('audit_events')
      .select(['action'])
      .where('entity_type', '=', 'Task')
      .where('entity_id', '=', second.taskId)
      .where('action', 'in', ['start', 'submit'])
      .execute();
    expect(events.map((e) => e.action).sort()).toEqual(['start', 'submit']);
    // Nothing of the first task was touched.
    expect(
      await k().selectFrom('tasks').select('status').where('id', '=', first.taskId).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'scheduled' });
    await context.close();
  });

  it('names the unsent changes at logout, then wipes every record and the key', async () => {
    const f = await createTaskFixture(b.orm, { schemeId: scheme.id, status: 'in_progress' });
    const { context, page } = await phone(b, f);
    await b.signInAt(page, 'qualitycontrol@demo.com', 'qualitycontrol', performPath(f));
    await group(page, /Shelves stocked/).waitFor();
    // The server cannot be reached for the queue: three changes wait.
    await page.route(queueCalls, (route) => route.abort());
    await group(page, /Shelves stocked/)
      .getByRole('radio', { name: 'No', exact: true })
      .check();
    await group(page, /Shelves stocked/)
      .locator('input[type="file"]')
      .setInputFiles({ name: 'empty.png', mimeType: 'image/png', buffer: photo });
    await group(page, /Remarks for the manager/)
      .getByRole('textbox')
      .fill(SECRET);
    // Four changes: the answer, the photo's upload and its answer, the remark (saved after typing
    // pauses, so it is queued last: counting earlier would name fewer changes than the logout will).
    const count = 4;
    await page
      .getByRole('status')
      .filter({ hasText: `${count} changes waiting to send` })
      .waitFor();
    expect(await opsCount(page)).toBe(count);
    expect((await recordIds(page)).length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('alertdialog', { name: `${count} changes not sent` });
    await dialog.waitFor();
    expect(await axeAudit(page, 'logout with unsent changes 390px')).toEqual([]);
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await dialog.getByText(`${count} changes still could not be sent`).waitFor();
    await dialog.getByRole('button', { name: 'Log out and discard' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain(
      'opsdesk-offline',
    );
    expect(await storageDump(page)).not.toContain(SECRET);
    const task = await k().selectFrom('tasks').select('answers').where('id', '=', f.taskId).executeTakeFirstOrThrow();
    expect(task.answers).toEqual([]);
    await context.close();
  });

  it('says so when the task was cancelled while the device was offline, and keeps the answers with the task', async () => {
    const f = await createTaskFixture(b.orm, { schemeId: scheme.id, status: 'in_progress' });
    const { context, page } = await phone(b, f);
    await b.signIn(page, 'qualitycontrol@demo.com', 'qualitycontrol');
    await context.addCookies([
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
      { name: 'od-language', value: 'ar', url: b.baseUrl },
    ]);
    await page.goto(performPath(f));
    const remarks = page.locator('[data-question="remarks"]').getByRole('textbox');
    await remarks.waitFor();
    await context.setOffline(true);
    await remarks.fill(SECRET);
    await expect.poll(() => opsCount(page)).toBe(1);

    // Meanwhile the floor manager cancels the task.
    const floor = await b.caller('floormanager@demo.com');
    await floor.tasks.cancel({ id: f.taskId, reason: 'Store closed for stocktaking' });

    await context.setOffline(false);
    await page.getByText('تغيّرت هذه المهمة أثناء انقطاع الاتصال').waitFor({ timeout: 30_000 });
    expect(await axeAudit(page, 'conflict after offline work, dark Arabic 390px')).toEqual([]);
    const kept = await k()
      .selectFrom('audit_events')
      .select(['changes'])
      .where('entity_type', '=', 'Task')
      .where('entity_id', '=', f.taskId)
      .where('action', '=', 'offline_kept')
      .execute();
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept[0].changes)).toContain(SECRET);
    const task = await k()
      .selectFrom('tasks')
      .select(['status', 'answers'])
      .where('id', '=', f.taskId)
      .executeTakeFirstOrThrow();
    expect(task).toEqual({ status: 'cancelled', answers: [] });
    await context.close();
  });
});
