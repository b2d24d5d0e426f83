// /tasks/actions as a person uses it: an approved inspection failed a critical question, so an action
// was opened for the team's floor manager; they open it from the list, mark it done with a note, and
// after a reload it reads Done with that note. The location's dialog lists the action. axe finds nothing
// serious on the list in dark Arabic at a phone's width.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTaskFixture } from '../../../../server/testing/workflow.ts';
import { axeAudit } from '../../../testing/axe.ts';
import { setupClientBrowser } from '../../../testing/browser.ts';
import { dialog, notice, row } from '../../../testing/list-pages.ts';

const b = await setupClientBrowser();
const QUESTION = 'Fire exits unobstructed?';
let location = { code: '', name: '' };
let schemeId = 0;

/** A new approved task whose failed critical question opened an action; the action. */
async function approvedAction() {
  const admin = await b.caller('admin@demo.com');
  const analyst = await b.caller('analyst@demo.com');
  const f = await createTaskFixture(b.orm, {
    schemeId,
    status: 'submitted',
    answers: [
      { questionKey: 'fire', value: false, na: false, comment: null, fileIds: [] },
      { questionKey: 'tidy', value: true, na: false, comment: null, fileIds: [] },
    ],
  });
  await b.orm.em
    .fork()
    .getConnection()
    .execute(`update tasks set critical_failures = '["fire"]' where id = ${f.taskId}`);
  await analyst.tasks.approve({ id: f.taskId });
  return (await admin.correctiveActions.list({ taskId: f.taskId })).items[0];
}

beforeAll(async () => {
  const admin = await b.caller('admin@demo.com');
  const analyst = await b.caller('analyst@demo.com');
  const draft = await admin.schemes.create({
    name: 'Browser actions scheme',
    passingScore: 50,
    sections: [
      {
        title: 'Safety',
        questions: [
          { key: 'fire', text: QUESTION, type: 'yesno', critical: true },
          { key: 'tidy', text: 'Aisles tidy?', type: 'yesno' },
        ],
      },
    ],
  });
  schemeId = (await admin.schemes.publish({ id: draft.id })).id;
  const f = await createTaskFixture(b.orm, {
    schemeId,
    status: 'submitted',
    answers: [
      { questionKey: 'fire', value: false, na: false, comment: null, fileIds: [] },
      { questionKey: 'tidy', value: true, na: false, comment: null, fileIds: [] },
    ],
  });
  await b.orm.em
    .fork()
    .getConnection()
    .execute(`update tasks set critical_failures = '["fire"]' where id = ${f.taskId}`);
  await analyst.tasks.approve({ id: f.taskId });
  location = await admin.locations.byId({ id: f.locationId });
  // The floor manager of the fixture's team owns it (the default); make sure it is this demo user.
  const [action] = (await admin.correctiveActions.list({ taskId: f.taskId })).items;
  const manager = (await admin.users.list({ q: 'floormanager@demo.com' })).items[0];
  if (action.owner?.id !== manager.id) await admin.correctiveActions.update({ id: action.id, ownerId: manager.id });
});

describe('/tasks/actions', { timeout: 120_000 }, () => {
  it('the owner completes an action with a note; after a reload it is done with that note', async () => {
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(15_000);
    await b.signInAt(
      page,
      'floormanager@demo.com',
      'floormanager',
      `/tasks/actions?status=open&q=${encodeURIComponent('Fire exits')}`,
    );
    await page.getByRole('heading', { level: 1, name: 'Corrective actions' }).waitFor();
    await row(page, QUESTION).first().click();
    const panel = dialog(page, QUESTION);
    await panel.waitFor();
    await panel
      .getByRole('textbox', { name: 'What was done' })
      .fill('Boxes moved off the exit route; checked with the store manager');
    await panel.getByRole('button', { name: 'Mark as done' }).click();
    await notice(page, 'Corrective action marked as done');
    await page.reload();
    const reloaded = dialog(page, QUESTION);
    await reloaded.waitFor();
    await reloaded.getByText('Boxes moved off the exit route; checked with the store manager').waitFor();
    expect(await reloaded.getByText('Done', { exact: true }).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    await context.close();
  });

  it('the person who marked an action done sees no Verify and no internal key; evidence is picked with a button and /files says what it belongs to', async () => {
    const admin = await b.caller('admin@demo.com');
    const action = await approvedAction();
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(15_000);
    await b.signInAt(page, 'admin@demo.com', 'admin', `/tasks/actions?id=${action.id}`);
    const panel = dialog(page, QUESTION);
    await panel.getByRole('textbox', { name: 'What was done' }).waitFor();
    expect(await panel.getByText(action.questionKey, { exact: true }).count()).toBe(0);
    await panel.getByRole('textbox', { name: 'What was done' }).fill('Exit cleared, photo attached');
    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Add evidence files' }).click();
    await (await chooser).setFiles({
      name: 'exit-cleared.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('exit clear'),
    });
    await panel.getByText('exit-cleared.txt').waitFor();
    await panel.getByRole('button', { name: 'Mark as done' }).click();
    await notice(page, 'Corrective action marked as done');
    await panel.getByText('You marked this action done; another reviewer verifies it.').waitFor();
    expect(await panel.getByRole('button', { name: 'Verify' }).count()).toBe(0);
    expect((await admin.correctiveActions.byId({ id: action.id })).status).toBe('done');

    await page.goto(`/files?q=${encodeURIComponent('exit-cleared')}`);
    await page
      .getByRole('link', { name: `Corrective action #${action.id} · ${QUESTION}` })
      .first()
      .waitFor();
    await context.close();
  });

  it("shows the location's actions in its dialog, linking to the action", async () => {
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(15_000);
    await b.signInAt(
      page,
      'admin@demo.com',
      'admin',
      `/management/location-setting?q=${encodeURIComponent(location.code)}`,
    );
    await row(page, location.code).first().click();
    const edit = dialog(page, `Edit ${location.name}`);
    await edit.getByRole('heading', { name: /Corrective actions/ }).waitFor();
    await edit
      .getByRole('link', { name: `Open corrective action: ${QUESTION}` })
      .first()
      .waitFor();
    await context.close();
  });

  it('finds no serious or critical accessibility issue on the list in dark Arabic at 390 px', async () => {
    const { context, page } = await b.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(15_000);
    await b.signIn(page, 'admin@demo.com', 'admin');
    await context.addCookies([
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
      { name: 'od-language', value: 'ar', url: b.baseUrl },
    ]);
    await page.goto(`/tasks/actions?q=${encodeURIComponent('Fire exits')}`);
    await page.getByRole('heading', { level: 1, name: 'الإجراءات التصحيحية' }).waitFor();
    await page.getByText(QUESTION).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeAudit(page, '/tasks/actions dark ar 390px')).toEqual([]);
    await context.close();
  });
});
