// Closing the loop end to end (reject → rework → approve with a failed critical → action opened →
// completed → verified by the next inspection), each step through the real UI as the demo account of
// its role:
//   1. qualitycontrol@demo.com checks in on the perform page, fails the critical question and submits;
//   2. teamleader@demo.com (the team's leader) rejects it on the task view with a reason;
//   3. the inspector resumes, corrects the other answer and resubmits;
//   4. the team leader sees the change since round 1 and approves: an action opens for the failed
//      critical question, owned by the team's floor manager (floormanager@demo.com), shown on the task;
//   5. the floor manager completes it on /tasks/actions with a note and an evidence file;
//   6. a later task at the same location passes the same question and is approved;
//   7. the action reads Verified, by that inspection; no action of the project is open any more, and the
//      floor manager's dashboard counts one open action fewer than when it opened;
//   8. the project summary report and the business dashboard show the approved tasks' figures, which the
//      test computes itself from the raw task rows; the inspection PDF downloads from the task view.
// Preconditions are written directly, not through the UI (other browser tests cover those pages): the
// two-question scheme through the schemes service (admin), the project, its assignment and the two slots
// and tasks through createTaskFixture.
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../../server/db/kysely.ts';
import { createTaskFixture, type TaskFixture } from '../../../server/testing/workflow.ts';
import { setupClientBrowser } from '../../testing/browser.ts';
import { dataRows, dialog, notice, row, settled } from '../../testing/list-pages.ts';

const b = await setupClientBrowser();
const k = () => db(b.orm.em.fork());

const FIRE = 'Rear fire exit clear of stock?';
const TIDY = 'Aisles tidy and signposted?';
const REJECT_REASON = 'The aisle photos show them tidy: check that answer again.';
const FIX_NOTE = 'Pallets moved to the reserve; the exit route is marked on the floor.';

const admin = await b.caller('admin@demo.com');
const draft = await admin.schemes.create({
  name: 'Closing the loop scheme',
  passingScore: 50,
  sections: [
    {
      title: 'Safety walk',
      questions: [
        { key: 'loop_fire', text: FIRE, type: 'yesno', critical: true },
        { key: 'loop_tidy', text: TIDY, type: 'yesno' },
      ],
    },
  ],
});
const schemeId = (await admin.schemes.publish({ id: draft.id })).id;

const pageErrors: string[] = [];
const pages: Page[] = [];
afterAll(async () => {
  for (const page of pages) await page.context().close();
});

/** A signed-in page of a demo account (its password is the role's name), at the location when `at` is given. */
async function signedIn(role: string, at?: { latitude: number; longitude: number }): Promise<Page> {
  const { context, page } = await b.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => pageErrors.push(`${role}: ${e.message}`));
  if (at) {
    await context.grantPermissions(['geolocation'], { origin: b.baseUrl });
    await context.setGeolocation({ ...at, accuracy: 10 });
  }
  await b.signIn(page, `${role}@demo.com`, role);
  pages.push(page);
  return page;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const question = (page: Page, text: string) => page.getByRole('group', { name: new RegExp(escape(text)) });
const answer = (page: Page, text: string, choice: 'Yes' | 'No') =>
  question(page, text).getByRole('radio', { name: choice, exact: true }).check();

/** The inspector answers on the perform page (checked in already) and submits. */
async function answerAndSubmit(page: Page, fire: 'Yes' | 'No', tidy: 'Yes' | 'No') {
  await answer(page, FIRE, fire);
  await answer(page, TIDY, tidy);
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
  const submit = page.getByRole('button', { name: 'Submit', exact: true });
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await submit.click();
  await page.getByText('Submitted: waiting for review').waitFor();
}

/** Open the perform page of a fixture's task and check in at the location. */
async function checkIn(page: Page, f: TaskFixture) {
  await page.goto(`/tasks/perform_task/${f.slotId}/${f.assignmentId}`);
  await page.getByText(/m from the location \(geofence \d+ m\)/).waitFor();
  await page.getByRole('button', { name: 'Check in' }).click();
  await page.getByText('0 of 2 answered').waitFor();
}

/** The reviewer approves the task open on the view page. */
async function approve(page: Page) {
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog(page, 'Approve this task').getByRole('button', { name: 'Approve the task' }).click();
  await notice(page, 'Task approved.');
}

/** The `<dd>` of a `<dt>` label inside a definition list (of the page, or of a part of it). */
function figure(root: Page | Locator, label: string): Locator {
  // The inner locator of `has` is relative to each outer match, so it starts from the page.
  const page = 'goto' in root ? root : root.page();
  return root
    .locator('dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${escape(label)}$`) }) })
    .locator('dd');
}

/** Open corrective actions of the floor manager's teams (led or member of), counted from the rows. */
async function openActionsOfFloorManager(userId: number): Promise<number> {
  const led = await k()
    .selectFrom('teams')
    .select('id')
    .where((eb) => eb.or([eb('team_leader_id', '=', userId), eb('floor_manager_id', '=', userId)]))
    .execute();
  const member = await k().selectFrom('team_members').select('team_id as id').where('user_id', '=', userId).execute();
  const teamIds = [...new Set([...led, ...member].map((x) => x.id))];
  const { n } = await k()
    .selectFrom('corrective_actions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'open')
    .where('team_id', 'in', teamIds)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The floor manager's dashboard figure "Open actions", once loaded. */
async function dashboardOpenActions(page: Page): Promise<string> {
  await page.goto('/dashboards/crmFloorManager');
  const card = page.getByRole('region', { name: 'Corrective actions' });
  await figure(card, 'Open actions').waitFor();
  return figure(card, 'Open actions').innerText();
}

describe('closing the loop', { timeout: 300_000 }, () => {
  it('reject → rework → approve with a failed critical → action opened → completed → verified by the next inspection; reports, dashboard and PDF follow', async () => {
    const started = performance.now();
    const first = await createTaskFixture(b.orm, { schemeId });
    const location = await k()
      .selectFrom('locations')
      .select(['code', 'name', 'latitude', 'longitude'])
      .where('id', '=', first.locationId)
      .executeTakeFirstOrThrow();
    const project = await k()
      .selectFrom('projects')
      .select(['code'])
      .where('id', '=', first.projectId)
      .executeTakeFirstOrThrow();
    const floorManager = await k()
      .selectFrom('users')
      .select(['id', 'full_name'])
      .where('email', '=', 'floormanager@demo.com')
      .executeTakeFirstOrThrow();
    const at = { latitude: Number(location.latitude), longitude: Number(location.longitude) + 0.0001 };

    // 1. The inspector fails the critical question (and, by mistake, the other one) and submits.
    const inspector = await signedIn('qualitycontrol', at);
    await checkIn(inspector, first);
    await answerAndSubmit(inspector, 'No', 'No');

    // 2. The team leader rejects it with a reason.
    const reviewer = await signedIn('teamleader');
    await reviewer.goto(`/tasks/viewTask/${first.taskId}`);
    const score = reviewer.getByRole('region', { name: 'Score' });
    await score.getByText('1 critical question failed').waitFor();
    await reviewer.getByRole('button', { name: 'Reject', exact: true }).click();
    const rejectDialog = dialog(reviewer, 'Send this task back for rework');
    await rejectDialog.getByRole('textbox', { name: 'Reason' }).fill(REJECT_REASON);
    await rejectDialog.getByRole('button', { name: 'Reject and send back' }).click();
    await notice(reviewer, 'Task sent back to the inspector.');

    // 3. The inspector reads the reason, resumes, corrects the tidy answer (the exit is still blocked) and resubmits.
    await inspector.reload();
    await inspector.getByText(/^Sent back by /).waitFor();
    await inspector.getByText(REJECT_REASON).first().waitFor();
    await inspector.getByRole('button', { name: 'Resume work' }).click();
    await question(inspector, TIDY).getByText('Check again').waitFor();
    expect(await question(inspector, FIRE).getByRole('radio', { name: 'No', exact: true }).isChecked()).toBe(true);
    await answerAndSubmit(inspector, 'No', 'Yes');

    // 4. The team leader sees what changed in round 2 and approves with the critical question still failed.
    await reviewer.reload();
    await reviewer
      .getByRole('region', { name: 'Changes since round 1' })
      .getByRole('row', { name: new RegExp(escape(TIDY)) })
      .waitFor();
    await approve(reviewer);
    await score.getByText('Not passed').waitFor();
    const taskActions = reviewer.getByRole('region', { name: /^Corrective actions/ });
    const actionLink = taskActions.getByRole('link', { name: `Open corrective action: ${FIRE}` });
    await actionLink.waitFor();
    await taskActions.getByText(floorManager.full_name).waitFor();
    await taskActions.getByText('Open', { exact: true }).waitFor();
    const opened = await k()
      .selectFrom('corrective_actions')
      .select(['id', 'status', 'origin', 'owner_id', 'question_key'])
      .where('task_id', '=', first.taskId)
      .execute();
    expect(opened).toEqual([
      {
        id: expect.any(Number) as number,
        status: 'open',
        origin: 'auto',
        owner_id: floorManager.id,
        question_key: 'loop_fire',
      },
    ]);
    const actionId = opened[0].id;
    expect(await actionLink.getAttribute('href')).toBe(`/tasks/actions?id=${actionId}`);

    // 5. The floor manager's dashboard counts it among the teams' open actions; they find it among the
    // project's open actions and complete it with a note and a photo.
    const owner = await signedIn('floormanager');
    const openBefore = await openActionsOfFloorManager(floorManager.id);
    expect(await dashboardOpenActions(owner)).toBe(String(openBefore));
    await owner.goto(`/tasks/actions?status=open&projectId=${first.projectId}`);
    await owner.getByRole('heading', { level: 1, name: 'Corrective actions' }).waitFor();
    await settled(owner);
    expect(await dataRows(owner).count()).toBe(1);
    await row(owner, FIRE).click();
    const panel = dialog(owner, FIRE);
    await panel.getByRole('textbox', { name: 'What was done' }).fill(FIX_NOTE);
    const evidence = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 160, b: 70 } },
    })
      .jpeg()
      .toBuffer();
    const chooser = panel.page().waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Add evidence files' }).click();
    await (await chooser).setFiles({ name: 'exit-cleared.jpg', mimeType: 'image/jpeg', buffer: evidence });
    await panel.getByRole('button', { name: 'Remove exit-cleared.jpg' }).waitFor();
    await panel.getByRole('button', { name: 'Mark as done' }).click();
    await notice(owner, 'Corrective action marked as done');
    await owner.reload();
    const donePanel = dialog(owner, FIRE);
    await donePanel.getByText(FIX_NOTE).waitFor();
    await donePanel.getByRole('link', { name: 'exit-cleared.jpg' }).waitFor();
    await figure(donePanel, 'Status').getByText('Done', { exact: true }).waitFor();

    // 6. A later inspection at the same location passes the question and is approved.
    const second = await createTaskFixture(b.orm, { projectId: first.projectId, location: location.code });
    expect(second.assignmentId).toBe(first.assignmentId);
    await checkIn(inspector, second);
    await answerAndSubmit(inspector, 'Yes', 'Yes');
    await reviewer.goto(`/tasks/viewTask/${second.taskId}`);
    await reviewer.getByRole('region', { name: 'Score' }).getByText('Passed', { exact: true }).waitFor();
    await approve(reviewer);

    // 7. The action reads Verified, by that inspection; none of the project's actions is open any more.
    await owner.reload();
    const verifiedPanel = dialog(owner, FIRE);
    await verifiedPanel.getByText(new RegExp(`^By inspection #${second.taskId} on `)).waitFor();
    await figure(verifiedPanel, 'Status').getByText('Verified', { exact: true }).waitFor();
    await owner.goto(`/tasks/actions?status=open&projectId=${first.projectId}`);
    await settled(owner);
    expect(await dataRows(owner).count()).toBe(0);
    const actions = await k()
      .selectFrom('corrective_actions')
      .select(['status', 'verified_by_task_id'])
      .where('project_id', '=', first.projectId)
      .execute();
    expect(actions).toEqual([{ status: 'verified', verified_by_task_id: second.taskId }]);
    // Done, then verified: no longer open on the dashboard either.
    expect(await openActionsOfFloorManager(floorManager.id)).toBe(openBefore - 1);
    expect(await dashboardOpenActions(owner)).toBe(String(openBefore - 1));

    // 8a. The project summary report: figures computed here from the raw rows of the project's tasks.
    const tasks = await k()
      .selectFrom('tasks')
      .select(['status', 'passed', 'score', 'rework_count'])
      .where('project_id', '=', first.projectId)
      .execute();
    const approved = tasks.filter((t) => t.status === 'approved');
    expect(approved).toHaveLength(2);
    const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });
    const decimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
    const passRate = percent.format(approved.filter((t) => t.passed).length / approved.length);
    const reworkRate = percent.format(approved.filter((t) => t.rework_count > 0).length / approved.length);
    const averageScore = decimal.format(approved.reduce((s, t) => s + Number(t.score), 0) / approved.length);
    expect([passRate, reworkRate]).toEqual(['50%', '50%']);
    const analyst = await signedIn('analyst');
    await analyst.goto(`/reports?kind=project_summary&projectId=${first.projectId}`);
    await analyst.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await expect.poll(() => figure(analyst, 'Approved').first().innerText()).toBe('2');
    expect(await figure(analyst, 'Pass rate').first().innerText()).toBe(passRate);
    expect(await figure(analyst, 'Rework rate').first().innerText()).toBe(reworkRate);
    expect(await figure(analyst, 'Average score').first().innerText()).toBe(averageScore);

    // 8b. The business dashboard's project progress row for the project.
    const business = await signedIn('businessuser');
    await business.goto('/dashboards/crmBusinessUser');
    const projectRow = business.getByRole('row', { name: new RegExp(escape(project.code)) });
    await projectRow.waitFor();
    const cells = await projectRow.getByRole('cell').allInnerTexts();
    expect(cells[1]).toBe('2');
    expect(cells[3]).toBe(averageScore);

    // 8c. The inspection PDF of the first task downloads from its view page and holds the story.
    await reviewer.goto(`/tasks/viewTask/${first.taskId}`);
    const [download] = await Promise.all([
      reviewer.waitForEvent('download'),
      reviewer.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const pdf = new Uint8Array(fs.readFileSync(await download.path()));
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    for (const expected of [location.name, FIRE, TIDY, REJECT_REASON]) expect(text).toContain(expected);

    expect(pageErrors).toEqual([]);
    console.info(`closing the loop: ${Math.round(performance.now() - started)} ms`);
  });
});
