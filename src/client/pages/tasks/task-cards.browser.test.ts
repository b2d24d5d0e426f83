// The inspector's task list on a phone (390 px): each card says when, where, which project and which
// scheme (two visits at one store on one day tell apart), its links carry words ("Start visit", "View"), and
// the filters fold behind one "Filters" button instead of filling the first screen; and the list and the
// perform page break no rule of the Content-Security-Policy (zod's eval probe did, on every signed-in page).
import { describe, expect, it } from 'vitest';
import { db } from '../../../server/db/kysely.ts';
import { createTaskFixture } from '../../../server/testing/workflow.ts';
import { freshSignedInPage, setupClientBrowser } from '../../testing/browser.ts';
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
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    const cspViolations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    await b.signInAt(
      page,
      'qualitycontrol@demo.com',
      'qualitycontrol',
      `/tasks?mine=true&q=${encodeURIComponent(project.code)}`,
    );
    await settled(page);
    const card = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').first();
    await card.waitFor();
    const text = await card.innerText();
    expect(await cspViolations()).toEqual([]);
    expect(text).toContain(project.name);
    expect(text).toContain(scheme.name);

    // The links show their words, and their names start with them.
    const start = card.getByRole('link', { name: /^Start visit: / });
    const view = card.getByRole('link', { name: /^View: / });
    expect((await start.innerText()).trim()).toBe('Start visit');
    expect((await view.innerText()).trim()).toBe('View');
    // The actions go under the title when they do not fit beside it: the visit's time keeps the card's
    // width (the offline state, "Start visit" and "View" squeezed it to "N…"), and no link leaves the card.
    const [cardBox, titleBox, viewBox] = await Promise.all([
      card.boundingBox(),
      card.locator('[data-col="startsAt"]').boundingBox(),
      view.boundingBox(),
    ]);
    expect(titleBox!.width).toBeGreaterThan(cardBox!.width * 0.7);
    expect(viewBox!.x + viewBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);

    // Filters are folded: none is shown until "Filters" opens them in a sheet.
    expect(await page.getByRole('combobox', { name: 'Location', exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('combobox', { name: 'Location', exact: true }).waitFor();

    await sheet.getByRole('button', { name: /^Show results/ }).click();
    await start.click();
    await page.waitForURL((url) => url.pathname.startsWith('/tasks/perform_task/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await cspViolations()).toEqual([]);
    await context.close();
  });

  it("at 1440 px leave the visit time its room: actions in two short lines, no column of the inspector's own name", async () => {
    await createTaskFixture(b.orm, { status: 'scheduled' });
    const { context, page } = await b.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(15_000);
    await b.signInAt(page, 'qualitycontrol@demo.com', 'qualitycontrol', '/tasks?mine=true');
    await settled(page);
    const table = page.getByRole('table');
    await table.getByRole('row').nth(1).waitFor();
    const headers = await table.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).not.toContain('Inspector');
    // The window cell was cut to "Nov 30, 2…" (about 5 rem) beside a 24 rem actions column.
    const slot = await table.locator('td[data-col="startsAt"]').first().boundingBox();
    expect(slot!.width).toBeGreaterThanOrEqual(12 * 16);
    await context.close();
  });

  it('open as their own list at once for an inspector: /tasks becomes ?mine=true before the page renders, one query', async () => {
    await createTaskFixture(b.orm, { status: 'scheduled' });
    const { context, page } = await freshSignedInPage(b, 'qualitycontrol@demo.com', 'qualitycontrol');
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/trpc/') && url.pathname.includes('tasks.list')) asked.push(url.search);
    });
    // The address the page had at each of the app's renders: the app never shows /tasks without its query.
    // (The server draws the list with the inspector's query already applied; the app then sets the address.)
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (root?.childElementCount && !root.hasAttribute('data-drawn')) seen.push(window.location.search);
      }).observe(document, { childList: true, subtree: true, attributes: true });
    });
    await page.goto('/tasks');
    await settled(page);
    await page
      .getByRole('link', { name: /Start visit/ })
      .first()
      .waitFor();
    expect(new URL(page.url()).search).toBe('?mine=true');
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.filter((search) => search !== '?mine=true')).toEqual([]);
    // The list the page shows came with the page, drawn by the server with the inspector's query: the app
    // asks it no more (the offline agent's own query, today's and tomorrow's tasks without paging, is another).
    const lists = asked.map((search) => decodeURIComponent(search)).filter((search) => search.includes('"page":'));
    expect(lists).toEqual([]);
    const drawn = await (await context.request.get('/tasks')).text();
    expect(/<script type="application\/json" id="od-drawn-state">.*"mine":true/.test(drawn)).toBe(true);
    await context.close();
  });
});
