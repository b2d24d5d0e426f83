// Browser flows of the workflow pages as admin@demo.com: a project created through every step of the
// stepped form (details, scheme, locations with "select all matching", bulk assignment, slots previewed
// then generated, review and activate), the tasks list's status and project filters and its calendar
// week, and axe on /projects, the create form and /tasks in light, and in dark Arabic.
import { describe, expect, it } from 'vitest';
import { type AxeFinding, axeAudit } from '../../testing/axe.ts';
import { signedInPage } from '../../testing/browser.ts';
import { dataRows, row, settled } from '../../testing/list-pages.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');

const CODE = 'T-BROWSER-1';
const NAME = 'Browser test project';
const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
let projectId = 0;

describe('workflow pages as admin', { timeout: 180_000 }, () => {
  it('creates a project through every step, generates its slots and activates it', async () => {
    await page.goto('/projects');
    await settled(page);
    await page.getByRole('button', { name: 'New project' }).click();
    await page.waitForURL('**/projects/createProject');
    await page.getByRole('navigation', { name: 'Steps' }).waitFor();
    expect(await page.locator('[aria-current="step"]').innerText()).toContain('Details');

    // Step 1: checked before moving on, focus on the first invalid field.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Code is required').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
    await page.getByLabel('Code').fill(CODE);
    await page.getByLabel('Name').fill(NAME);
    await page.getByLabel('Start date').fill(day(0));
    await page.getByLabel('End date').fill(day(-1));
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('End date must be on or after the start date').waitFor();
    await page.getByLabel('End date').fill(day(27));
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 2: a published scheme; going back keeps the details.
    await page.getByRole('heading', { name: 'Step 2 of 6: Scheme' }).waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    expect(await page.getByLabel('Name').inputValue()).toBe(NAME);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    // Step 1's Next sits where step 2's does: wait for step 2 before pressing it, or a slow check of
    // step 1 takes both presses.
    await page.getByRole('heading', { name: 'Step 2 of 6: Scheme' }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Choose a scheme', { exact: true }).first().waitFor();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Saved as a draft: the form moves to the project's edit address.
    await page.waitForURL(/\/projects\/editProject\/\d+\?step=locations/);
    projectId = Number(/editProject\/(\d+)/.exec(page.url())![1]);
    await page.getByRole('heading', { name: 'Step 3 of 6: Locations' }).waitFor();

    // Step 3: nothing chosen is refused; "select all matching" takes every match.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Choose at least one location.').waitFor();
    await page.getByRole('searchbox', { name: 'Search locations' }).fill('Lyon');
    const selectAll = page.getByRole('button', { name: /^Select (all \d+ matching|the \d+ match)$/ });
    await selectAll.waitFor();
    // Wait for the search to apply: every location listed is in Lyon.
    await page.waitForFunction(() => {
      const items = [...document.querySelectorAll('fieldset li')];
      return (
        !document.querySelector('fieldset[aria-busy]') &&
        items.length > 0 &&
        items.every((li) => li.textContent?.includes('Lyon'))
      );
    });
    const matching = Number(/\d+/.exec((await selectAll.innerText()) ?? '')![0]);
    expect(matching).toBeGreaterThan(0);
    await selectAll.click();
    await page.getByText(new RegExp(`^${matching} locations? chosen$`)).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 4: bulk assignment of the waiting locations.
    await page.getByRole('heading', { name: 'Step 4 of 6: Assignments' }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText(/chosen locations? ha(s|ve) no team yet/).waitFor();
    await page.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Lyon field team' });
    await page.getByRole('combobox', { name: 'Inspector' }).selectOption({ label: 'Quentin Laurent' });
    await page.getByRole('spinbutton', { name: 'Planned visits' }).fill('4');
    await page.getByRole('button', { name: /^Assign \d+ locations?$/ }).click();
    await page.getByText(/locations? assigned\.$/).waitFor();
    await row(page, 'Quentin Laurent').first().waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 5: preview shows events without saving; Generate creates them.
    await page.getByRole('heading', { name: 'Step 5 of 6: Slots' }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Plan at least one visit: generate slots or add one on the calendar.').waitFor();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByText(/new slots? shown on the calendar/).waitFor();
    await page.locator('.fc-event', { hasText: 'Preview' }).first().waitFor();
    await page.getByText('0 slots planned').waitFor();
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByText(/slots? created \(/).waitFor();
    await page.locator('.fc-event', { hasText: 'Scheduled' }).first().waitFor();
    expect(await page.locator('.fc-event', { hasText: 'Preview' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 6: review and activate.
    await page.getByRole('heading', { name: 'Step 6 of 6: Review' }).waitFor();
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Activate' }).click();
    await page.waitForURL((url) => url.pathname === '/projects');
    await row(page, CODE).getByText('Active').waitFor();
  });

  it('keeps the chosen locations with the draft: reopened in a new session they are there, and the step checks say so', async () => {
    const admin = await b.caller('admin@demo.com');
    const scheme = (await admin.schemes.list({ view: 'latestPublished' })).items[0];
    const draft = await admin.projects.create({
      code: 'T-DRAFT-LOC',
      name: 'Draft with chosen locations',
      schemeId: scheme.id,
      startDate: day(1),
      endDate: day(20),
    });
    const steps = (p: typeof page) => p.getByRole('navigation', { name: 'Steps' });
    await page.goto(`/projects/editProject/${draft.id}?step=details`);
    await page.getByRole('heading', { name: 'Step 1 of 6: Details' }).waitFor();
    // Nothing chosen yet: the Locations step has no check.
    expect(await steps(page).locator('li[data-state="done"]', { hasText: 'Locations' }).count()).toBe(0);
    await page.goto(`/projects/editProject/${draft.id}?step=locations`);
    await page.getByRole('searchbox', { name: 'Search locations' }).fill('Lyon');
    const selectAll = page.getByRole('button', { name: /^Select (all \d+ matching|the \d+ match)$/ });
    await selectAll.waitFor();
    await page.waitForFunction(() => {
      const items = [...document.querySelectorAll('fieldset li')];
      return (
        !document.querySelector('fieldset[aria-busy]') &&
        items.length > 0 &&
        items.every((li) => li.textContent?.includes('Lyon'))
      );
    });
    const matching = Number(/\d+/.exec((await selectAll.innerText()) ?? '')![0]);
    await selectAll.click();
    await page.getByText(new RegExp(`^${matching} locations? chosen$`)).waitFor();
    await page.getByRole('button', { name: 'Save draft and leave' }).click();
    await page.waitForURL((url) => url.pathname === '/projects');

    // Another session (no storage of the first browser): the choice comes from the server.
    const { context, page: other } = await b.newPage();
    other.setDefaultTimeout(15_000);
    await b.signInAt(other, 'admin@demo.com', 'admin', `/projects/editProject/${draft.id}?step=locations`);
    await other.getByText(new RegExp(`^${matching} locations? chosen$`)).waitFor();
    await steps(other)
      .getByRole('button', { name: /Assignments/ })
      .click();
    await other.getByRole('heading', { name: 'Step 4 of 6: Assignments' }).waitFor();
    await other.getByText(new RegExp(`^${matching} chosen · 0 assigned`)).waitFor();
    await steps(other).locator('li[data-state="done"]', { hasText: 'Locations' }).waitFor();
    await context.close();
  });

  it('filters the tasks list by status and project, and shows the week in the calendar', async () => {
    await page.goto('/tasks');
    await settled(page);
    await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: `${CODE} · ${NAME}` });
    await page.waitForURL((url) => url.searchParams.get('projectId') === String(projectId));
    await settled(page);
    await dataRows(page).first().waitFor();
    await page.getByRole('button', { name: 'Status: All statuses' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Scheduled' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.get('status') === 'scheduled');
    await settled(page);
    const statuses = await dataRows(page).locator('td[data-col="status"]').allInnerTexts();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Scheduled']));
    const locations = await dataRows(page).locator('td[data-col="project"]').allInnerTexts();
    expect(locations.every((text) => text.includes(CODE))).toBe(true);
    // No task is missed or approved yet: that filter empties the list.
    await page.getByRole('button', { name: 'Status: Scheduled' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Scheduled' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Approved' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.get('status') === 'approved');
    await page.getByText('No tasks match these filters').waitFor();

    // The calendar, on the week of the project's first task.
    const caller = await b.caller('admin@demo.com');
    const first = await caller.tasks.list({ projectId, sortBy: 'startsAt', orderBy: 'asc', itemsPerPage: 1 });
    const start = first.items[0].startsAt;
    const pad = (n: number) => String(n).padStart(2, '0');
    const date = `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`;
    await page.goto(`/tasks?projectId=${projectId}&status=scheduled`);
    await page
      .getByRole('radio', { name: 'Calendar' })
      .or(page.getByRole('button', { name: 'Calendar' }))
      .first()
      .click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'calendar');
    await page.goto(
      `/tasks?projectId=${projectId}&status=scheduled&view=calendar&calendarView=timeGridWeek&date=${date}`,
    );
    const events = page.locator('.fc-timegrid-event', { hasText: 'Scheduled' });
    await events.first().waitFor();
    expect(await events.count()).toBeGreaterThan(0);
    await page.getByRole('list', { name: 'Colours by status' }).waitFor();
    // The week as a list; an event opens the task's details from the keyboard.
    await page.getByRole('button', { name: 'list', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('calendarView') === 'listWeek');
    const listed = page.locator('.fc-list-event', { hasText: 'Scheduled' });
    await listed.first().waitFor();
    expect(await listed.count()).toBeGreaterThanOrEqual(await events.count());
    await listed.first().getByRole('button').focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog');
    await details.getByText('Not reviewed yet.').waitFor();
    await details.getByText('Quentin Laurent').waitFor();
    await details.getByRole('button', { name: 'Close' }).first().click();
  });

  it('finds no serious accessibility issue on /projects, the create form and /tasks, light and dark Arabic', async () => {
    const serious: AxeFinding[] = [];
    const audit = async (label: string) => serious.push(...(await axeAudit(page, label)));
    const visit = async (suffix: string) => {
      await page.goto('/projects');
      await dataRows(page).first().waitFor();
      await settled(page);
      await audit(`/projects${suffix}`);
      await page.goto('/projects/createProject');
      await page
        .getByRole('navigation')
        .filter({ has: page.locator('[aria-current="step"]') })
        .waitFor();
      await audit(`/projects/createProject${suffix}`);
      await page.goto(`/tasks?projectId=${projectId}`);
      await dataRows(page).first().waitFor();
      await settled(page);
      await audit(`/tasks${suffix}`);
      await page.goto(`/tasks?projectId=${projectId}&view=calendar&calendarView=dayGridMonth`);
      await page.locator('.fc-event').first().waitFor();
      await audit(`/tasks calendar${suffix}`);
    };
    await visit('');
    await page.context().addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    await visit(' (ar, dark)');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.context().clearCookies({ name: 'od-language' });
    await page.context().clearCookies({ name: 'od-theme' });
    expect(serious).toEqual([]);
  });
});
