// The inspector's task list on a phone (390 px): each card says when, where, which project and which
// scheme (two visits at one store on one day tell apart), its links carry words ("Start", "View"), and
// the filters fold behind one "Filters" button instead of filling the first screen.
import { describe, expect, it } from 'vitest';
import { db } from '../../../server/db/kysely.ts';
import { createTaskFixture } from '../../../server/testing/workflow.ts';
import { setupClientBrowser } from '../../testing/browser.ts';
import { settled } from '../../testing/list-pages.ts';

const b = await setupClientBrowser();

describe('task cards on a phone', { timeout: 120_000 }, () => {
  it('show project and scheme, labelled links, and folded filters', async () => {
    const fixture = await createTaskFixture(b.orm, { status: 'scheduled' });
    const k = db(b.orm.em.fork());
    const project = await k
      .selectFrom('projects')
      .select(['code', 'name'])
      .where('id', '=', fixture.projectId)
      .executeTakeFirstOrThrow();
    const scheme = await k
      .selectFrom('schemes')
      .select('name')
      .where('id', '=', fixture.schemeId)
      .executeTakeFirstOrThrow();

    const { context, page } = await b.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(15_000);
    await b.signIn(page, 'qualitycontrol@demo.com', 'qualitycontrol');
    await page.goto(`/tasks?mine=true&q=${encodeURIComponent(project.code)}`);
    await settled(page);
    const card = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first();
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain(project.name);
    expect(text).toContain(scheme.name);

    // The links show their words, and their names start with them.
    const start = card.getByRole('link', { name: /^Start: / });
    const view = card.getByRole('link', { name: /^View: / });
    expect((await start.innerText()).trim()).toBe('Start');
    expect((await view.innerText()).trim()).toBe('View');

    // Filters are folded: none is shown until "Filters" opens them in a sheet.
    expect(await page.getByRole('combobox', { name: 'Location', exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('combobox', { name: 'Location', exact: true }).waitFor();

    await sheet.getByRole('button', { name: /^Show results/ }).click();
    await start.click();
    await page.waitForURL((url) => url.pathname.startsWith('/tasks/perform_task/'));
    await context.close();
  });
});
