// The task view page as a reviewer uses it: analyst@demo.com opens a submitted task, sees
// its answers, evidence (the full-size viewer by keyboard) and score, rejects it with a reason and a
// comment on one question; the inspector reworks it (through the services: resume, saveAnswers,
// submit); the analyst sees what changed since round 1, approves it and sees the score and the
// history. Axe finds nothing serious in dark Arabic at 390 px nor in light English at 1440 px.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { db } from '../../../../server/db/kysely.ts';
import { createTaskFixture } from '../../../../server/testing/workflow.ts';
import { axeAudit } from '../../../testing/axe.ts';
import { setupClientBrowser } from '../../../testing/browser.ts';
import { notice } from '../../../testing/list-pages.ts';

const b = await setupClientBrowser();
const admin = await b.caller('admin@demo.com');
const inspector = await b.caller('qualitycontrol@demo.com');

const draft = await admin.schemes.create({
  name: 'View page test scheme',
  passingScore: 70,
  sections: [
    {
      title: 'Entrance',
      weight: 1,
      questions: [
        { key: 'door', text: 'Entrance door clean?', type: 'yesno', critical: true },
        { key: 'sign', text: 'Shop sign lit?', type: 'yesno' },
      ],
    },
    {
      title: 'Shelves',
      weight: 1,
      questions: [
        { key: 'labels', text: 'Price labels (0-4)', type: 'score', maxScore: 4 },
        { key: 'photo', text: 'Photo of the main aisle', type: 'photo', maxScore: 0, weight: 0, required: false },
      ],
    },
  ],
});
const schemeId = (await admin.schemes.publish({ id: draft.id })).id;

/** Upload a generated photo for a task's question as the inspector (POST /api/files). */
async function uploadPhoto(
  taskId: number,
  questionKey: string,
  colour: { r: number; g: number; b: number },
  name: string,
): Promise<number> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('taskId', String(taskId));
  form.set('questionKey', questionKey);
  form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${b.baseUrl}/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await b.token('qualitycontrol@demo.com')}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A task of the demo inspector, checked in, answered (a failed critical question) with two photos, and submitted. */
async function submittedTask() {
  const f = await createTaskFixture(b.orm, { schemeId });
  const at = await db(b.orm.em.fork())
    .selectFrom('locations')
    .select(['latitude', 'longitude'])
    .where('id', '=', f.locationId)
    .executeTakeFirstOrThrow();
  await inspector.tasks.start({
    id: f.taskId,
    latitude: Number(at.latitude),
    longitude: Number(at.longitude),
    accuracy: 8,
  });
  const photos = [
    await uploadPhoto(f.taskId, 'photo', { r: 30, g: 120, b: 200 }, 'aisle-1.jpg'),
    await uploadPhoto(f.taskId, 'photo', { r: 200, g: 160, b: 30 }, 'aisle-2.jpg'),
  ];
  await inspector.tasks.saveAnswers({
    id: f.taskId,
    answers: [
      { questionKey: 'door', value: false, comment: 'Fingerprints all over the glass' },
      { questionKey: 'sign', value: true },
      { questionKey: 'labels', value: 3 },
      { questionKey: 'photo', fileIds: photos },
    ],
  });
  const task = await inspector.tasks.submit({ id: f.taskId, clientMutationId: `view-${f.taskId}` });
  return { ...f, task };
}

describe('the task view page', { timeout: 120_000 }, () => {
  it('review round trip: reject with a reason and a question comment, rework, see the changes, approve, see the score', async () => {
    const { taskId, task } = await submittedTask();
    expect(task.passed).toBe(false);
    const { context, page } = await b.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(15_000);
    await b.signInAt(page, 'analyst@demo.com', 'analyst', `/tasks/viewTask/${taskId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    // Answers, the failed critical question, the score and the check-in.
    const answers = page.getByRole('region', { name: 'Answers' });
    await answers.getByText('Fingerprints all over the glass').waitFor();
    await answers.getByText('Critical question failed').waitFor();
    const score = page.getByRole('region', { name: 'Score' });
    await score.getByText('Not passed').waitFor();
    await score.getByText('1 critical question failed').waitFor();
    await page.getByRole('region', { name: 'Check-in' }).getByText('Inside the geofence').waitFor();

    // The evidence viewer: opened from a thumbnail, arrow keys move, Escape closes and gives the focus back.
    await page.getByRole('button', { name: 'Open photo 1 of “Photo of the main aisle”' }).click();
    const viewer = page.getByRole('dialog', { name: 'Evidence 1 of 2' });
    await viewer.getByRole('img', { name: 'Photo 1 for “Photo of the main aisle”' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Evidence 2 of 2' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Reject: a comment on one question, then the required reason.
    await page.getByRole('button', { name: /^Comment on this question\W+Entrance door clean\?$/ }).click();
    await page
      .getByRole('textbox', { name: 'Comment on “Entrance door clean?”' })
      .fill('Clean the glass and take a photo');
    await page.getByText('1 question comment will be sent with the rejection.').waitFor();
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const rejectDialog = page.getByRole('dialog', { name: 'Send this task back for rework' });
    await rejectDialog.getByRole('button', { name: 'Reject and send back' }).click();
    await rejectDialog.getByText('A reason is required').waitFor();
    await rejectDialog.getByRole('textbox', { name: 'Reason' }).fill('The entrance needs another look');
    await rejectDialog.getByRole('button', { name: 'Reject and send back' }).click();
    await notice(page, 'Task sent back to the inspector.');
    await page.getByRole('region', { name: 'History' }).getByText('The entrance needs another look').waitFor();
    await page.getByText('Clean the glass and take a photo').waitFor();

    // The inspector sees the flagged question on the same review record, and reworks it.
    const rejected = await inspector.tasks.byId({ id: taskId });
    expect(rejected.reviews.at(-1)).toMatchObject({
      decision: 'rejected',
      questionComments: [{ questionKey: 'door', comment: 'Clean the glass and take a photo' }],
    });
    await inspector.tasks.resume({ id: taskId });
    await inspector.tasks.saveAnswers({
      id: taskId,
      answers: [{ questionKey: 'door', value: true, comment: 'Glass cleaned during the visit' }],
    });
    // Only a photo more on the aisle: the diff says so, not "No answer → No answer".
    const aisle = rejected.answers.find((a) => a.questionKey === 'photo')?.fileIds ?? [];
    const third = await uploadPhoto(taskId, 'photo', { r: 90, g: 200, b: 90 }, 'aisle-3.jpg');
    await inspector.tasks.saveAnswers({ id: taskId, answers: [{ questionKey: 'photo', fileIds: [...aisle, third] }] });
    await inspector.tasks.submit({ id: taskId, clientMutationId: `view-${taskId}-2` });

    // Round 2: what changed since round 1, then approve and see the score.
    await page.reload();
    const changes = page.getByRole('region', { name: 'Changes since round 1' });
    const changed = changes.getByRole('row', { name: /Entrance door clean\?/ });
    await changed.waitFor();
    expect(await changed.getByRole('cell').allInnerTexts()).toEqual([
      expect.stringContaining('No') as string,
      expect.stringContaining('Yes') as string,
    ]);
    const photoRow = changes.getByRole('row', { name: /Photo of the main aisle/ });
    expect(await photoRow.getByRole('cell').last().innerText()).toContain('1 photo added');
    await page.getByText('Changed in round 2').first().waitFor();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const approveDialog = page.getByRole('dialog', { name: 'Approve this task' });
    await approveDialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Thanks for the quick fix');
    await approveDialog.getByRole('button', { name: 'Approve the task' }).click();
    await notice(page, 'Task approved.');
    const approved = await inspector.tasks.byId({ id: taskId });
    await score.getByText('Passed', { exact: true }).waitFor();
    await score.getByText(`${approved.score} / 100`).waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Thanks for the quick fix').waitFor();
    const steps = await history.getByRole('listitem').locator('strong').allInnerTexts();
    expect(steps).toEqual([
      'Checked in and started',
      'Submitted',
      'Rejected',
      'Reopened for rework',
      'Submitted',
      'Approved',
    ]);
    // Reviewed: no review buttons any more.
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('finds no serious or critical accessibility issue: dark Arabic at 390 px, light English at 1440 px', async () => {
    const { taskId } = await submittedTask();
    for (const [theme, language, width] of [
      ['dark', 'ar', 390],
      ['light', 'en', 1440],
    ] as const) {
      const { context, page } = await b.newPage({ viewport: { width, height: 900 } });
      page.setDefaultTimeout(15_000);
      await b.signIn(page, 'analyst@demo.com', 'analyst');
      await context.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      await page.goto(`/tasks/viewTask/${taskId}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('img[src*="thumbnail=1"]').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await axeAudit(page, `/tasks/viewTask ${theme} ${language} ${width}px`)).toEqual([]);
      await context.close();
    }
  });
});
