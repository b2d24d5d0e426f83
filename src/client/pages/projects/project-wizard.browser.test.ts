// Browser checks of the stepped project form as admin@demo.com, from a product walk: step 4 opened by its
// address applies the bulk form to the locations waiting for a team (it offered all chosen ones, read
// before the selection loaded); after a step change the page's title is below the sticky top bar at
// 1440 px (a step left scrolled down left the next one scrolled a little, its title hidden); the slots
// step's calendar at 390 px in Arabic names each column inside it (month and week views).
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../../testing/browser.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');
const admin = await b.caller('admin@demo.com');
const scheme = (await admin.schemes.list({ view: 'latestPublished' })).items[0];
const lyonTeam = (await admin.teams.list({ q: 'Lyon' })).items[0].id;
const lyon = (await admin.locations.list({ q: 'Lyon', itemsPerPage: -1 })).items.map((l) => l.id);
const everywhere = (await admin.locations.list({ itemsPerPage: -1 })).items.map((l) => l.id);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A draft with `chosen` locations chosen (saved with it), the first `assigned` of them assigned. */
async function draft(code: string, assigned: number, chosen = lyon) {
  const project = await admin.projects.create({
    code,
    name: `Wizard ${code}`,
    schemeId: scheme.id,
    startDate: day(1),
    endDate: day(28),
  });
  await admin.projects.saveLocationChoice({ id: project.id, locationIds: chosen });
  if (assigned > 0)
    await admin.assignments.bulkCreate({
      projectId: project.id,
      locationIds: chosen.slice(0, assigned),
      teamId: lyonTeam,
      plannedVisits: 2,
    });
  return project;
}

describe('the project form', { timeout: 120_000 }, () => {
  it('opened by its address, step 4 applies the bulk form to the locations waiting for a team', async () => {
    expect(lyon.length).toBeGreaterThan(3);
    const project = await draft('T-WIZ-SCOPE', 3);
    const waiting = lyon.length - 3;
    await page.goto(`/projects/editProject/${project.id}?step=assignments`);
    await page.getByText(`${lyon.length} chosen · 3 assigned · ${waiting} waiting for a team`).waitFor();
    const pending = page.getByRole('radio', { name: `The ${waiting} locations waiting for a team` });
    const all = page.getByRole('radio', { name: `All ${lyon.length} chosen locations (assigned ones are updated)` });
    await expect.poll(() => pending.isChecked()).toBe(true);
    expect(await all.isChecked()).toBe(false);
    await page.getByRole('button', { name: `Assign ${waiting} locations` }).waitFor();
    // The user's choice stays theirs.
    await all.check();
    await page.getByRole('button', { name: `Assign ${lyon.length} locations` }).waitFor();
    expect(await pending.isChecked()).toBe(false);
  });

  it('keeps the page title below the top bar after a step change at 1440 px, the new step heading focused', async () => {
    const project = await draft('T-WIZ-TOP', 0, everywhere);
    const step4 = `${everywhere.length} chosen · 0 assigned · ${everywhere.length} waiting for a team`;
    // A window 100 px shorter than step 4: a step left scrolled further than that leaves step 4 scrolled
    // to its end, its title (89 px down) under the top bar and its step heading still in view, as in the walk.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/projects/editProject/${project.id}?step=assignments`);
    await page.getByText(step4).waitFor();
    const height = await page.evaluate(() => document.scrollingElement!.scrollHeight);
    await page.setViewportSize({ width: 1440, height: height - 100 });
    await page.goto(`/projects/editProject/${project.id}?step=locations`);
    await page.getByText(new RegExp(`^${everywhere.length} locations chosen$`)).waitFor();
    // Next is pressed at the bottom of the locations step.
    await page.evaluate(() => window.scrollTo({ top: document.scrollingElement!.scrollHeight, behavior: 'instant' }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Step 4 of 6: Assignments' }).waitFor();
    await page.getByText(step4).waitFor();
    const below = () =>
      page.evaluate(() => {
        const bar = document.querySelector('header')!.getBoundingClientRect();
        const title = document.querySelector('h1')!.getBoundingClientRect();
        return Math.round(title.top - bar.bottom);
      });
    await expect.poll(below).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('wizard-step-heading');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('names each column of the slots calendar inside it at 390 px in Arabic, with the full name for screen readers', async () => {
    const project = await draft('T-WIZ-AR', 3);
    const { context, page: phone } = await b.newPage({ viewport: { width: 390, height: 844 } });
    phone.setDefaultTimeout(10_000);
    await b.signIn(phone, 'admin@demo.com', 'admin');
    await context.addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    await phone.goto(`/projects/editProject/${project.id}?step=slots`);
    await phone.locator('.fc-dayGridMonth-view .fc-col-header-cell').nth(6).waitFor();
    expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const headers = (view: string) =>
      phone.locator(`.fc-${view}-view .fc-col-header-cell`).evaluateAll((cells) =>
        cells.map((cell) => {
          const box = cell.getBoundingClientRect();
          const name = cell.querySelector('.fc-col-header-cell-cushion')!;
          const text = name.getBoundingClientRect();
          return {
            label: name.getAttribute('aria-label'),
            text: name.textContent,
            inside: text.left >= box.left - 0.5 && text.right <= box.right + 0.5,
          };
        }),
      );
    const month = await headers('dayGridMonth');
    expect(month.map((h) => h.label)).toContain('الخميس');
    expect(month.filter((h) => !h.inside)).toEqual([]);
    expect(month.every((h) => (h.text ?? '').length > 0)).toBe(true);
    // The calendar fits its card: nothing to scroll sideways.
    const calendar = phone.getByRole('region', { name: 'المواعيد المخططة' });
    expect(await calendar.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    // The week view alike; its header cells say the whole day to screen readers.
    await calendar.locator('.fc-timeGridWeek-button').click();
    await phone.locator('.fc-timeGridWeek-view .fc-col-header-cell').nth(6).waitFor();
    const week = await headers('timeGridWeek');
    expect(week.filter((h) => !h.inside)).toEqual([]);
    expect(week.some((h) => h.text?.includes('الخميس'))).toBe(true);
    expect(await calendar.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
