// /apps/calendar in a real browser: an event is created through the dialog (validation first), dragged
// to another day (saved at once) and deleted after a confirmation, each checked after a reload and on
// the server. Then the page on a phone in dark Arabic: right-to-left, and axe finds nothing serious.
import { describe, expect, it } from 'vitest';
import { axeAudit } from '../../../testing/axe.ts';
import { setupClientBrowser } from '../../../testing/browser.ts';

const b = await setupClientBrowser();

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

describe('the /apps/calendar page', { timeout: 120_000 }, () => {
  it('creates an event, drags it to another day and deletes it, each kept after a reload', async () => {
    const admin = await b.caller('admin@demo.com');
    const stored = async (title: string) => (await admin.apps.calendar.events.list()).find((e) => e.title === title);
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(15_000);
    await b.signInAt(page, 'admin@demo.com', 'admin', '/apps/calendar');
    await page.getByRole('region', { name: 'Events' }).locator('.fc-daygrid-day').first().waitFor();

    // Create: the form names what is missing, then saves.
    await page.getByRole('button', { name: 'Add event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add event' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Title is required').waitFor();
    const title = `Browser visit ${Date.now()}`;
    await dialog.getByLabel('Title').fill(title);
    const today = new Date();
    await dialog.getByLabel('Category').selectOption('Family');
    await dialog.getByLabel('Start').fill(`${day(today)}T10:00`);
    await dialog.getByLabel('End').fill(`${day(today)}T11:30`);
    await dialog.getByLabel('Location').fill('Depot 4');
    const guests = dialog.getByRole('group', { name: 'Guests' }).getByRole('checkbox');
    await guests.first().check();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const created = await stored(title);
    expect(created).toMatchObject({ allDay: false, extendedProps: { calendar: 'Family', location: 'Depot 4' } });
    expect(created!.extendedProps.guests).toHaveLength(1);

    await page.reload();
    const event = page.locator('.fc-daygrid-event').filter({ hasText: title });
    await event.waitFor();
    expect(await event.textContent()).toContain('Family');

    // Drag to the next day (the previous one when today ends the grid's row).
    const next = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    const prev = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    const rowEnds = await page
      .locator(`td.fc-daygrid-day[data-date="${day(today)}"]`)
      .evaluate((td) => td.nextElementSibling === null);
    const target = rowEnds ? prev : next;
    const from = (await event.boundingBox())!;
    const cell = (await page.locator(`td.fc-daygrid-day[data-date="${day(target)}"]`).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 4 });
    await page.mouse.move(cell.x + cell.width / 2, cell.y + cell.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(async () => day((await stored(title))!.start), { timeout: 10_000 }).toBe(day(target));
    const moved = (await stored(title))!;
    expect(moved.end.getTime() - moved.start.getTime()).toBe(90 * 60_000);
    await page
      .getByRole('status')
      .filter({ hasText: `“${title}” moved` })
      .waitFor();

    await page.reload();
    const movedEvent = page
      .locator(`td.fc-daygrid-day[data-date="${day(target)}"] .fc-daygrid-event`)
      .filter({ hasText: title });
    await movedEvent.waitFor();

    // Delete by keyboard: the event opens with Enter, Delete asks first.
    await movedEvent.focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit event' });
    expect(await edit.getByLabel('Title').inputValue()).toBe(title);
    await edit.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => stored(title)).toBeUndefined();
    await page.reload();
    await page.locator('.fc-daygrid-day').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.fc-event').filter({ hasText: title }).count()).toBe(0);
    await context.close();
  });

  it('puts a dragged event back and says why when the server refuses the move', async () => {
    const analyst = await b.caller('analyst@demo.com');
    const today = new Date();
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 14);
    const title = `Refused move ${Date.now()}`;
    await analyst.apps.calendar.events.create({
      title,
      start,
      end: new Date(start.getTime() + 3_600_000),
      extendedProps: { calendar: 'Personal' },
    });
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(15_000);
    await b.signInAt(page, 'analyst@demo.com', 'analyst', '/apps/calendar');
    const event = page
      .locator(`td.fc-daygrid-day[data-date="${day(today)}"] .fc-daygrid-event`)
      .filter({ hasText: title });
    await event.waitFor();
    await page.route('**/trpc/apps.calendar.events.update**', (route) => route.abort('connectionrefused'));
    const rowEnds = await page
      .locator(`td.fc-daygrid-day[data-date="${day(today)}"]`)
      .evaluate((td) => td.nextElementSibling === null);
    const target = new Date(today.getFullYear(), today.getMonth(), today.getDate() + (rowEnds ? -1 : 1));
    const from = (await event.boundingBox())!;
    const cell = (await page.locator(`td.fc-daygrid-day[data-date="${day(target)}"]`).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 4 });
    await page.mouse.move(cell.x + cell.width / 2, cell.y + cell.height / 2, { steps: 12 });
    await page.mouse.up();
    // Back on its day, with the failure shown; the server still has it where it was.
    await page.getByLabel('Notice').waitFor();
    await event.waitFor();
    expect(
      await page
        .locator(`td.fc-daygrid-day[data-date="${day(target)}"] .fc-daygrid-event`)
        .filter({ hasText: title })
        .count(),
    ).toBe(0);
    const stored = (await analyst.apps.calendar.events.list()).find((e) => e.title === title);
    expect(stored?.start.getTime()).toBe(start.getTime());
    await context.close();
  });

  it('refuses to save over another tab’s change since the dialog opened, then reloads it or overwrites it on purpose', async () => {
    const planner = await b.caller('floormanager@demo.com');
    const today = new Date();
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 9);
    const title = `Two tabs ${Date.now()}`;
    const created = await planner.apps.calendar.events.create({
      title,
      start,
      end: new Date(start.getTime() + 3_600_000),
      extendedProps: { calendar: 'Business' },
    });
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(15_000);
    await b.signInAt(page, 'floormanager@demo.com', 'floormanager', '/apps/calendar');
    const event = page
      .locator(`td.fc-daygrid-day[data-date="${day(today)}"] .fc-daygrid-event`)
      .filter({ hasText: title });
    await event.click();
    const edit = page.getByRole('dialog', { name: 'Edit event' });
    await edit.getByLabel('Location').fill('Depot 9');
    // Meanwhile, the other tab saves.
    await planner.apps.calendar.events.update({
      ...created,
      extendedProps: { ...created.extendedProps, location: 'Other tab' },
    });
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Someone else changed this record').waitFor();
    const stored = async () => (await planner.apps.calendar.events.list()).find((e) => e.id === created.id);
    expect((await stored())?.extendedProps.location).toBe('Other tab');
    expect(await edit.getByLabel('Location').inputValue()).toBe('Depot 9');
    // Reload shows their change (after a confirmation); a second conflict is then overwritten on purpose.
    await edit.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('alertdialog', { name: 'Reload the record?' }).getByRole('button', { name: 'Reload' }).click();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Edit event' }).getByLabel('Location').inputValue())
      .toBe('Other tab');
    const reopened = page.getByRole('dialog', { name: 'Edit event' });
    await reopened.getByLabel('Location').fill('Depot 10');
    await planner.apps.calendar.events.update({ ...(await stored())!, title: `${title} (renamed)` });
    await reopened.getByRole('button', { name: 'Save' }).click();
    await reopened.getByRole('button', { name: 'Overwrite' }).click();
    await reopened.waitFor({ state: 'detached' });
    expect((await stored())?.extendedProps.location).toBe('Depot 10');
    await planner.apps.calendar.events.delete({ id: created.id });
    await context.close();
  });

  it('jumps to a date with the picker and shows the caller’s inspection slots read-only, opening their task', async () => {
    const api = await b.caller('qualitycontrol@demo.com');
    const { items } = await api.tasks.list({
      mine: true,
      page: 1,
      itemsPerPage: 1,
      sortBy: 'startsAt',
      orderBy: 'asc',
    });
    expect(items.length).toBe(1);
    const task = items[0];
    const { context, page } = await b.newPage();
    page.setDefaultTimeout(15_000);
    await b.signInAt(page, 'qualitycontrol@demo.com', 'qualitycontrol', '/apps/calendar');
    await page.locator('.fc-daygrid-day').first().waitFor();
    await page.getByLabel('Go to date').fill(day(task.startsAt));
    // The list view shows every slot of the month (the month grid may fold a busy day into "+N more").
    await page.locator('.fc-listMonth-button').click();
    const slot = page.locator('.fc-list-event').filter({ hasText: task.location.code }).first();
    await slot.waitFor();
    expect(await slot.textContent()).toContain('My inspections');
    // Keyboard: the row's text is the way in.
    await slot.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/tasks/viewTask/${task.id}`);
    await context.close();
  });

  it('filters by category, and on a phone in dark Arabic it is right-to-left with no serious axe finding', async () => {
    const { context, page } = await b.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(15_000);
    await b.signIn(page, 'businessuser@demo.com', 'businessuser');
    await context.addCookies([
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
      { name: 'od-language', value: 'ar', url: b.baseUrl },
    ]);
    await page.goto('/apps/calendar');
    await page.getByRole('region', { name: 'الأحداث' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.locator('.fc').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await page.waitForLoadState('networkidle');
    expect(await axeAudit(page, '/apps/calendar dark ar 390px')).toEqual([]);

    // "View all" off: nothing shown, and the page says why.
    await page.getByRole('checkbox', { name: 'عرض الكل' }).uncheck();
    await page.getByText('لم يتم اختيار أي فئة').waitFor();
    await page.getByRole('checkbox', { name: 'عرض الكل' }).check();

    await page.getByRole('button', { name: 'إضافة حدث' }).click();
    await page.getByRole('dialog', { name: 'إضافة حدث' }).waitFor();
    expect(await axeAudit(page, '/apps/calendar add dialog dark ar 390px')).toEqual([]);
    await context.close();
  });

  it('fits its list view in the card on a 390 px phone: nothing wider than the card (en, ar; light, dark)', async () => {
    const { context, page } = await b.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(15_000);
    await b.signIn(page, 'admin@demo.com', 'admin');
    for (const [language, theme, name] of [
      ['en', 'light', 'Events'],
      ['ar', 'dark', 'الأحداث'],
    ] as const) {
      await context.addCookies([
        { name: 'od-theme', value: theme, url: b.baseUrl },
        { name: 'od-language', value: language, url: b.baseUrl },
      ]);
      await page.goto('/apps/calendar');
      const region = page.getByRole('region', { name });
      // A phone opens the list view; its rows are the month's events.
      await region.locator('.fc-list-event').first().waitFor();
      const spill = await region.evaluate((el) => {
        const card = el.closest<HTMLElement>('section, [class*="main"]') ?? el;
        const box = card.getBoundingClientRect();
        // (FullCalendar's list header is for screen readers only: clipped to nothing, never seen.)
        const inside = [...card.querySelectorAll<HTMLElement>('.fc, .fc *:not(thead, thead *)')].filter((node) => {
          const r = node.getBoundingClientRect();
          return r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1);
        });
        return {
          card: card.scrollWidth - card.clientWidth,
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          outside: inside.slice(0, 5).map((node) => `${node.tagName}.${node.className}`),
        };
      });
      expect(spill, `${language} ${theme}`).toEqual({ card: 0, page: 0, outside: [] });
    }
    await context.close();
  });
});
