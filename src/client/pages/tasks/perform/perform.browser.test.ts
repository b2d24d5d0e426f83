// The perform page as a field inspector uses it: qualitycontrol@demo.com, with a mocked position, checks
// in, answers the store standards section by section, adds a photo, loses the connection, answers and
// adds a photo offline, sees what waits, reloads with the changes still unsent (restored from the
// device), lets them go, reloads (restored from the server), signs and submits. Nothing is doubled.
// Axe finds nothing serious at 390 px in dark Arabic and at 1440 px in light.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { db } from '../../../../server/db/kysely.ts';
import { createTaskFixture } from '../../../../server/testing/workflow.ts';
import { axeAudit } from '../../../testing/axe.ts';
import { freshSignedInPage, setupClientBrowser } from '../../../testing/browser.ts';

const b = await setupClientBrowser();

/** A camera-sized photo (made here): the page sends it as a JPEG of at most 1600 px. */
const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 40, g: 140, b: 90 } } })
  .png()
  .toBuffer();

const k = () => db(b.orm.em.fork());
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const group = (page: Page, name: RegExp) => page.getByRole('group', { name });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /waiting to send|All changes saved/ });

async function answerYes(page: Page, name: RegExp) {
  await group(page, name).getByRole('radio', { name: 'Yes', exact: true }).check();
}

describe('the perform page', { timeout: 240_000 }, () => {
  it('checks in, answers online and offline with photos, survives reloads, and submits once', async () => {
    const fixture = await createTaskFixture(b.orm, { status: 'scheduled' });
    const location = await k()
      .selectFrom('locations')
      .select(['latitude', 'longitude'])
      .where('id', '=', fixture.locationId)
      .executeTakeFirstOrThrow();
    const { context, page } = await b.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(15_000);
    await context.grantPermissions(['geolocation'], { origin: b.baseUrl });
    await context.setGeolocation({
      latitude: Number(location.latitude),
      longitude: Number(location.longitude) + 0.0002,
      accuracy: 12,
    });
    await b.signIn(page, 'qualitycontrol@demo.com', 'qualitycontrol');
    const url = `/tasks/perform_task/${fixture.slotId}/${fixture.assignmentId}`;
    await page.goto(url);

    // Check-in: position, accuracy and distance shown; inside the geofence, no reason asked.
    await page.getByText(/m from the location \(geofence \d+ m\)/).waitFor();
    await page.getByText('(± 12 m)').waitFor();
    expect(await page.getByRole('textbox', { name: 'Reason' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Check in' }).click();

    // Section 1, online.
    await page.getByText('0 of 20 answered').waitFor();
    await answerYes(page, /outdoor signage/);
    await group(page, /car park and trolley bays/)
      .getByRole('radio', { name: 'Spotless' })
      .check();
    await answerYes(page, /opening hours displayed/);
    await answerYes(page, /step-free access/);
    await page.getByRole('button', { name: 'Next section' }).click();

    // Section 2: a number, a score, visibleIf applied live, an evidence rule with its photo.
    await group(page, /empty shelf facings/)
      .getByRole('spinbutton')
      .fill('2');
    await group(page, /price labelling/)
      .getByRole('radio', { name: '4', exact: true })
      .check();
    await answerYes(page, /promotion set up/);
    await group(page, /promotion set up/)
      .getByText('Add at least 1 photo for this answer')
      .waitFor();
    await group(page, /promotion set up/)
      .locator('input[type="file"]')
      .setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: photo });
    await group(page, /promotion set up/)
      .getByRole('img', { name: 'Photo 1' })
      .waitFor();
    await group(page, /floors and shelves/)
      .getByRole('radio', { name: 'Spotless' })
      .check();
    expect(await group(page, /out-of-date products were removed/).count()).toBe(0);
    await answerYes(page, /past their use-by date/);
    await group(page, /out-of-date products were removed/).waitFor();
    await group(page, /out-of-date products were removed/)
      .getByRole('spinbutton')
      .fill('3');
    await status(page).filter({ hasText: 'All changes saved' }).waitFor();
    await page.getByText('10 of 21 answered').waitFor();

    // Offline: section 3 and 4, a photo, the signature.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Next section' }).click();
    await answerYes(page, /enough checkouts open/);
    await group(page, /self-service tills/)
      .getByRole('checkbox', { name: 'N/A' })
      .check();
    await group(page, /Longest wait observed/)
      .getByRole('spinbutton')
      .fill('2');
    await answerYes(page, /bags and payment terminals/);
    await page.getByRole('button', { name: 'Next section' }).click();
    await answerYes(page, /wearing a name badge/);
    await group(page, /welcome given to customers/)
      .getByRole('radio', { name: '5', exact: true })
      .check();
    await answerYes(page, /emergency exits unlocked/);
    await group(page, /emergency exits unlocked/)
      .locator('input[type="file"]')
      .setInputFiles({ name: 'exit.png', mimeType: 'image/png', buffer: photo });
    await group(page, /emergency exits unlocked/)
      .getByText('Waiting to send')
      .waitFor();
    await answerYes(page, /fire extinguishers/);
    await answerYes(page, /spill kit/);
    await group(page, /Remarks for the store manager/)
      .getByRole('textbox')
      .fill('Très bon accueil à l’ouverture.');
    const signature = group(page, /signature/i).first();
    await signature.getByRole('textbox', { name: 'Or type the name' }).fill('Claire Martin');
    await signature.getByRole('button', { name: 'Use typed name' }).click();
    await signature.getByRole('button', { name: 'Save signature' }).click();
    await signature.getByRole('img', { name: 'Saved signature' }).waitFor();
    await status(page)
      .filter({ hasText: /^\d+ changes waiting to send/ })
      .waitFor();
    // Offline, Submit would keep the task on the device (offline.browser.test.ts); not used here.
    await page.getByText('Offline: Submit keeps the task on this device').waitFor();

    // Back on the network, but the server still unreachable for changes: reload, everything is restored from the device.
    const blocked = (route: { abort: () => Promise<void> }) => route.abort();
    await page.route('**/trpc/*saveAnswers*', blocked);
    await page.route('**/api/files', blocked);
    await context.setOffline(false);
    await page.reload();
    await status(page)
      .filter({ hasText: /^\d+ changes waiting to send/ })
      .waitFor();
    await page.getByText('21 of 21 answered').waitFor();
    await page.getByRole('button', { name: /Staff and safety/ }).click();
    expect(
      await group(page, /Remarks for the store manager/)
        .getByRole('textbox')
        .inputValue(),
    ).toBe('Très bon accueil à l’ouverture.');
    await group(page, /emergency exits unlocked/)
      .getByText('Waiting to send')
      .waitFor();
    expect(
      await group(page, /signature/i)
        .first()
        .getByRole('img', { name: 'Saved signature' })
        .count(),
    ).toBe(1);

    // The server answers again: the outbox empties by itself (retry with backoff).
    await page.unroute('**/trpc/*saveAnswers*', blocked);
    await page.unroute('**/api/files', blocked);
    await status(page).filter({ hasText: 'All changes saved' }).waitFor({ timeout: 45_000 });

    // Reload: everything comes back from the server.
    await page.reload();
    await page.getByText('21 of 21 answered').waitFor();
    await status(page).filter({ hasText: 'All changes saved' }).waitFor();
    await page.getByRole('button', { name: /Checkouts/ }).click();
    expect(
      await group(page, /self-service tills/)
        .getByRole('checkbox', { name: 'N/A' })
        .isChecked(),
    ).toBe(true);
    expect(
      await group(page, /Longest wait observed/)
        .getByRole('spinbutton')
        .inputValue(),
    ).toBe('2');

    const submit = page.getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText('Submitted: waiting for review').waitFor();

    const task = await k()
      .selectFrom('tasks')
      .select(['status', 'answers', 'signature_file_id', 'submit_mutation_id'])
      .where('id', '=', fixture.taskId)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe('submitted');
    expect(task.signature_file_id).not.toBeNull();
    const files = await k()
      .selectFrom('files')
      .select(['id', 'name', 'mime_type', 'question_key'])
      .where('task_id', '=', fixture.taskId)
      .orderBy('id')
      .execute();
    // One file per photo and one for the signature, never a second copy from a replay.
    expect(files.map((f) => [f.question_key, f.mime_type])).toEqual([
      ['floor_promo', 'image/jpeg'],
      ['safety_exits', 'image/jpeg'],
      ['staff_signature', 'image/png'],
    ]);
    const answers = new Map(task.answers.map((a) => [a.questionKey, a]));
    expect(answers.get('floor_promo')?.fileIds).toEqual([files[0].id]);
    expect(answers.get('safety_exits')?.fileIds).toEqual([files[1].id]);
    expect(answers.get('co_self')).toMatchObject({ na: true });
    expect(answers.get('staff_remarks')?.value).toBe('Très bon accueil à l’ouverture.');
    await context.close();
  });

  it('after submitting, names the critical question that failed and shows what was sent, read-only', async () => {
    const admin = await b.caller('admin@demo.com');
    const draft = await admin.schemes.create({
      name: 'Sent answers scheme',
      passingScore: 50,
      sections: [
        {
          title: 'Safety',
          questions: [
            { key: 'exit', text: 'Emergency exit clear?', type: 'yesno', critical: true },
            { key: 'tidy', text: 'Shop floor tidy?', type: 'yesno' },
          ],
        },
      ],
    });
    const schemeId = (await admin.schemes.publish({ id: draft.id })).id;
    const f = await createTaskFixture(b.orm, {
      schemeId,
      status: 'submitted',
      answers: [
        { questionKey: 'exit', value: false, na: false, comment: 'Boxes in front of the door', fileIds: [] },
        { questionKey: 'tidy', value: true, na: false, comment: null, fileIds: [] },
      ],
    });
    await k()
      .updateTable('tasks')
      .set({ critical_failures: JSON.stringify(['exit']) as never, score: 50, passed: false })
      .where('id', '=', f.taskId)
      .execute();
    const { context, page } = await b.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(15_000);
    await b.signInAt(
      page,
      'qualitycontrol@demo.com',
      'qualitycontrol',
      `/tasks/perform_task/${f.slotId}/${f.assignmentId}`,
    );
    await page.getByText('Submitted: waiting for review').waitFor();
    const failed = page.getByRole('note', { name: 'Critical question failed' });
    await failed.getByText('Emergency exit clear?').waitFor();
    const sent = page.getByRole('region', { name: 'What you sent' });
    await sent.getByText('Boxes in front of the door').waitFor();
    await sent.getByText('Shop floor tidy?').waitFor();
    // Read-only: nothing to answer or send any more.
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
    await context.close();
  });

  it('asks for a reason outside the geofence and says the task will be flagged; says plainly when the position is refused', async () => {
    const fixture = await createTaskFixture(b.orm, { status: 'scheduled' });
    const { context, page } = await b.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(15_000);
    await b.signInAt(
      page,
      'qualitycontrol@demo.com',
      'qualitycontrol',
      `/tasks/perform_task/${fixture.slotId}/${fixture.assignmentId}`,
    );
    await page.getByText('Location access is blocked').waitFor();
    expect(await page.getByRole('button', { name: 'Check in' }).isDisabled()).toBe(true);

    await context.grantPermissions(['geolocation'], { origin: b.baseUrl });
    await context.setGeolocation({ latitude: 0.5, longitude: 0.5, accuracy: 20 });
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText("You are outside the location's geofence").waitFor();
    await page.getByText(/the task will be flagged/).waitFor();
    await page.getByRole('button', { name: 'Check in' }).click();
    await page.getByText('Give a reason for checking in outside the geofence.').waitFor();
    expect(await axeAudit(page, '/tasks/perform_task check-in outside the geofence 390px')).toEqual([]);
    await page
      .getByRole('textbox', { name: 'Reason' })
      .fill('Parked across the road: the car park is closed for works.');
    await page.getByRole('button', { name: 'Check in' }).click();
    await page.getByText('Checked in outside the geofence: this task is flagged').waitFor();
    const task = await k()
      .selectFrom('tasks')
      .select(['status', 'out_of_fence', 'out_of_fence_reason'])
      .where('id', '=', fixture.taskId)
      .executeTakeFirstOrThrow();
    expect(task).toEqual({
      status: 'in_progress',
      out_of_fence: true,
      out_of_fence_reason: 'Parked across the road: the car park is closed for works.',
    });

    await page.goto('/tasks/perform_task/999999/999999');
    await page.getByRole('heading', { name: 'Task not found' }).waitFor();
    await context.close();
  });

  it("reopens a rejected task with the reviewer's reason on top and the failed questions marked", async () => {
    const fixture = await createTaskFixture(b.orm, {
      status: 'submitted',
      answers: [
        { questionKey: 'ext_signage', value: false, na: false, comment: null, fileIds: [] },
        { questionKey: 'ext_hours', value: true, na: false, comment: null, fileIds: [] },
      ],
    });
    const leader = await b.caller('teamleader@demo.com');
    await leader.tasks.reject({
      id: fixture.taskId,
      reason: 'The signage photo is missing; please add it.',
      questionComments: [{ questionKey: 'ext_hours', comment: 'The Sunday hours are not shown.' }],
    });
    const { context, page } = await b.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(15_000);
    await b.signInAt(
      page,
      'qualitycontrol@demo.com',
      'qualitycontrol',
      `/tasks/perform_task/${fixture.slotId}/${fixture.assignmentId}`,
    );
    await page.getByText(/^Sent back by /).waitFor();
    await page.getByText('The signage photo is missing; please add it.').waitFor();
    await page.getByRole('button', { name: 'Resume work' }).click();
    await group(page, /outdoor signage/)
      .getByText('Check again')
      .waitFor();
    // A question the reviewer commented on is marked too, with the comment, although it passed.
    await group(page, /opening hours displayed/)
      .getByText('Check again')
      .waitFor();
    await group(page, /opening hours displayed/)
      .getByText('The Sunday hours are not shown.')
      .waitFor();
    expect(
      await group(page, /outdoor signage/)
        .getByRole('radio', { name: 'No', exact: true })
        .isChecked(),
    ).toBe(true);
    await page.getByText('The signage photo is missing; please add it.').waitFor();
    await context.close();
  });

  it('finds no serious or critical accessibility issue at 390 px in dark Arabic and at 1440 px in light', async () => {
    for (const [theme, language, width] of [
      ['dark', 'ar', 390],
      ['light', 'en', 1440],
    ] as const) {
      const fixture = await createTaskFixture(b.orm, { status: 'in_progress' });
      const { context, page } = await b.newPage({ viewport: { width, height: 900 } });
      page.setDefaultTimeout(15_000);
      await b.signIn(page, 'qualitycontrol@demo.com', 'qualitycontrol');
      await context.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      await page.goto(`/tasks/perform_task/${fixture.slotId}/${fixture.assignmentId}`);
      await page.getByRole('group').first().waitFor();
      await page.getByRole('group').first().getByRole('radio').first().check();
      await page.waitForLoadState('networkidle');
      expect(await axeAudit(page, `/tasks/perform_task ${theme} ${language} ${width}px`)).toEqual([]);
      await context.close();
    }
  });

  it("asks for the task and its scheme with the page's files, not after them, and once each", async () => {
    // In ten days: the offline agent keeps today's and tomorrow's tasks, and asks the server for them.
    const startsAt = new Date(Date.now() + 10 * 86_400_000);
    const fixture = await createTaskFixture(b.orm, {
      status: 'scheduled',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 7_200_000),
    });
    const { context, page } = await freshSignedInPage(b, 'qualitycontrol@demo.com', 'qualitycontrol');
    const asked: string[] = [];
    let taskAsked: () => void = () => {};
    const taskSeen = new Promise<void>((resolve) => {
      taskAsked = resolve;
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      const input = decodeURIComponent(url.search);
      if (url.pathname.includes('tasks.bySlot') && input.includes(`"slotId":${fixture.slotId},`)) {
        asked.push('tasks.bySlot');
        taskAsked();
      }
      if (url.pathname.includes('schemes.byId') && input.includes(`"id":${fixture.schemeId}}`))
        asked.push('schemes.byId');
    });
    // The page's own chunk is held until the task has been asked for (at most 10 s): only a query started
    // beside the page's files, not by the page's code, can come first.
    let heldUntilAsked = false;
    await page.route(/\/assets\/PerformTaskPage-[\w-]+\.js$/, async (route) => {
      heldUntilAsked = await Promise.race([taskSeen.then(() => true), delay(10_000).then(() => false)]);
      await route.continue();
    });
    await page.goto(`/tasks/perform_task/${fixture.slotId}/${fixture.assignmentId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    expect(heldUntilAsked).toBe(true);
    expect(asked.sort()).toEqual(['schemes.byId', 'tasks.bySlot']);
    await context.close();
  });
});
