// One clock: a planner in New York reads ACME's visits (Paris) on the location's clock, the zone named,
// in the task list, on the task's page (its window, its check-in and its history) and on the tasks
// calendar — never in the browser's own zone.
import { describe, expect, it } from 'vitest';
import { formatZoned, formatZonedRange } from '../../../shared/time/zoned.ts';
import { setupClientBrowser } from '../../testing/browser.ts';

const b = await setupClientBrowser();
const admin = await b.caller('admin@demo.com');
const READER = 'America/New_York';
/** ICU's thin and narrow no-break spaces read as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('visit times on the location’s clock', () => {
  it('shows a Paris visit at its Paris time, naming the zone, to a browser in New York', async () => {
    const { items } = await admin.tasks.list({ itemsPerPage: 1, sortBy: 'startsAt', orderBy: 'desc' });
    const task = items[0];
    expect(task.timeZone).toBe('Europe/Paris');
    const expected = plain(
      formatZonedRange(task.startsAt, task.endsAt, { language: 'en', zone: task.timeZone, readerZone: READER }),
    );
    expect(expected).toContain('(Europe/Paris)');
    const { context, page } = await b.newPage({ timezoneId: READER });
    page.setDefaultTimeout(15_000);
    await b.signIn(page, 'admin@demo.com', 'admin');

    await page.goto(`/tasks/viewTask/${task.id}`);
    await page.getByText('(Europe/Paris)').first().waitFor();
    expect(plain(await page.locator('main').textContent())).toContain(expected);

    // The calendar draws the visit at its Paris wall time: its agenda row reads the same hour.
    await page.goto(
      `/tasks?view=calendar&calendarView=listWeek&date=${new Date(task.startsAt).toISOString().slice(0, 10)}`,
    );
    await page.getByText("Each visit is shown on its location's clock.").waitFor();
    const parisTime = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Paris',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(task.startsAt));
    const hour = parisTime.split(':')[0];
    const event = page.locator('.fc-list-event').filter({ hasText: task.location.code }).first();
    await event.waitFor();
    expect(plain(await event.locator('.fc-list-event-time').textContent())).toMatch(new RegExp(`^${hour}(:|\\b)`));
    await context.close();
  });

  it('shows the check-in and every history entry on the same clock, naming the zone', async () => {
    const { items } = await admin.tasks.list({ status: ['approved'], itemsPerPage: 20 });
    const details = await Promise.all(items.map((item) => admin.tasks.byId({ id: item.id })));
    const task = details.find((d) => d.checkIn !== null)!;
    expect(task.timeZone).toBe('Europe/Paris');
    const checkedIn = plain(formatZoned(task.checkIn!.at, { language: 'en', zone: task.timeZone, readerZone: READER }));
    expect(checkedIn).toContain('(Europe/Paris)');
    const { context, page } = await b.newPage({ timezoneId: READER });
    page.setDefaultTimeout(15_000);
    await b.signInAt(page, 'admin@demo.com', 'admin', `/tasks/viewTask/${task.id}`);
    // Read on the browser's clock, the check-in would sit hours away from its (Europe/Paris) window. The line
    // with its time, not the "Checked in late" label some seeded check-ins carry.
    const checkIn = page.locator('section[aria-labelledby="task-checkin"]');
    await checkIn.getByText(/^Checked in .*\(Europe\/Paris\)$/).waitFor();
    expect(plain(await checkIn.textContent())).toContain(checkedIn);
    const history = page.locator('section[aria-labelledby="task-history"] time');
    await history.first().waitFor();
    const times = (await history.allTextContents()).map(plain);
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(time).toContain('(Europe/Paris)');
    await context.close();
  });
});
