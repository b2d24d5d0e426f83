// Browser flows of the academy as admin@demo.com: the course list filtered and searched matches
// the API; ticking a lecture on a course page is saved, stays ticked after a reload and moves the course's
// progress; the dashboard's figures match the catalogue; axe at 390 px in dark Arabic.
import { describe, expect, it } from 'vitest';
import type { TCourse } from '../../../../shared/schemas/academy.ts';
import { axeAudit } from '../../../testing/axe.ts';
import { signedInPage } from '../../../testing/browser.ts';

const { b, page } = await signedInPage('admin@demo.com', 'admin');

async function courses(query: string): Promise<{ courses: TCourse[]; total: number }> {
  const res = await fetch(`${b.baseUrl}/api/apps/academy/courses${query}`, {
    headers: { authorization: `Bearer ${await b.token('admin@demo.com')}` },
  });
  expect(res.status, query).toBe(200);
  return (await res.json()) as { courses: TCourse[]; total: number };
}

const shownCourses = () =>
  page.locator('[data-course]').evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-course'))));

/** Waits until the cards are exactly the API's answer to `query` (6 per page, title order). */
async function expectCards(query: string) {
  const expected = await courses(`${query}&itemsPerPage=6&sortBy=courseName&orderBy=asc`);
  await expect.poll(shownCourses, { timeout: 10_000 }).toEqual(expected.courses.map((c) => c.id));
  await page.getByTestId('course-count').getByText(`${expected.total} course`).waitFor();
  return expected;
}

describe('academy as admin', { timeout: 180_000 }, () => {
  it('the course list searches, filters by tag and hides completed courses on the server', async () => {
    await page.goto('/apps/academy/my-course');
    await page.getByRole('heading', { name: 'My courses' }).waitFor();
    await expectCards('?');
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('design');
    const searched = await expectCards('?q=design');
    expect(searched.total).toBeGreaterThan(0);
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('');
    await page.getByLabel('Topic').selectOption('Art');
    await page.getByRole('checkbox', { name: 'Hide completed courses' }).check();
    const filtered = await expectCards('?label=Art&hideCompleted=true');
    expect(filtered.courses.every((c) => c.tags === 'Art' && c.completedTasks < c.totalTasks)).toBe(true);
    expect(page.url()).toContain('label=Art');
    // Paging: the second page of the whole catalogue.
    await page.goto('/apps/academy/my-course?page=2');
    await expectCards('?page=2');
  });

  it('ticking a lecture is saved: it stays ticked after a reload and the course progress moves', async () => {
    const [course] = (await courses('?hideCompleted=true&sortBy=progress&orderBy=asc&itemsPerPage=1')).courses;
    await page.goto('/apps/academy/my-course?hideCompleted=true&sort=progress.asc');
    await page.locator(`[data-course="${course.id}"]`).getByRole('link', { name: course.courseTitle }).click();
    await page.getByRole('heading', { level: 1, name: course.courseTitle }).waitFor();
    const progress = page.getByTestId('course-progress');
    expect(await progress.getAttribute('data-done')).toBe(String(course.completedTasks));
    const lecture = page
      .locator('[data-topic]')
      .filter({ has: page.getByRole('checkbox', { checked: false }) })
      .first();
    const topicId = await lecture.getAttribute('data-topic');
    await lecture.getByRole('checkbox').check();
    await page.getByText('Progress saved').waitFor();
    await expect.poll(() => progress.getAttribute('data-done')).toBe(String(course.completedTasks + 1));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: course.courseTitle }).waitFor();
    expect(await page.locator(`[data-topic="${topicId}"]`).getByRole('checkbox').isChecked()).toBe(true);
    expect(await page.getByTestId('course-progress').getAttribute('data-done')).toBe(String(course.completedTasks + 1));
    const after = (await courses('?itemsPerPage=-1')).courses.find((c) => c.id === course.id)!;
    expect(after.completedTasks).toBe(course.completedTasks + 1);
  });

  it("a tick from a second tab holding an old copy is refused, said, and the page reloads with the first tab's tick", async () => {
    const [course] = (await courses('?hideCompleted=true&sortBy=progress&orderBy=asc&itemsPerPage=1')).courses;
    const other = await page.context().newPage();
    for (const tab of [page, other]) {
      await tab.goto(`/apps/academy/course-details/${course.id}`);
      await tab.locator('[data-topic]').first().waitFor();
    }
    const topicId = await page
      .locator('[data-topic]')
      .filter({ has: page.getByRole('checkbox', { checked: false }) })
      .first()
      .getAttribute('data-topic');
    await page.locator(`[data-topic="${topicId}"]`).getByRole('checkbox').check();
    await page.getByText('Progress saved').waitFor();
    // The second tab still shows the lecture unticked, with the version it read.
    const stale = other.locator(`[data-topic="${topicId}"]`).getByRole('checkbox');
    expect(await stale.isChecked()).toBe(false);
    await stale.click();
    await other.getByText(/This lecture was changed in another tab/).waitFor();
    await expect.poll(() => stale.isChecked()).toBe(true);
    await expect
      .poll(() => other.getByTestId('course-progress').getAttribute('data-done'))
      .toBe(String(course.completedTasks + 1));
    await other.close();
  });

  it('the dashboard counts the catalogue', async () => {
    const all = (await courses('?itemsPerPage=-1')).courses;
    await page.goto('/apps/academy/dashboard');
    await page.getByRole('heading', { name: 'Academy dashboard' }).waitFor();
    const stat = (id: string) => page.locator(`[data-stat="${id}"] dd`).textContent();
    await expect.poll(() => stat('courses')).toBe(String(all.length));
    expect(await stat('completed')).toBe(String(all.filter((c) => c.completedTasks === c.totalTasks).length));
    expect(await stat('notStarted')).toBe(String(all.filter((c) => c.completedTasks === 0).length));
    const done = all.reduce((n, c) => n + c.completedTasks, 0);
    const total = all.reduce((n, c) => n + c.totalTasks, 0);
    expect(await stat('lectures')).toBe(`${done} of ${total}`);
  });

  it('axe finds no serious issue at 390 px in dark Arabic', async () => {
    await page.context().addCookies([
      { name: 'od-language', value: 'ar', url: b.baseUrl },
      { name: 'od-theme', value: 'dark', url: b.baseUrl },
    ]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/apps/academy/my-course');
    await page.getByRole('heading', { name: 'دوراتي' }).waitFor();
    await page.locator('[data-course]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const serious = await axeAudit(page, 'academy courses (ar, dark, 390)');
    await page.locator('[data-course]').first().getByRole('link').click();
    await page.locator('[data-topic]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    serious.push(...(await axeAudit(page, 'academy course details (ar, dark, 390)')));
    await page.goto('/apps/academy/dashboard');
    await page.locator('[data-stat="courses"]').waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    serious.push(...(await axeAudit(page, 'academy dashboard (ar, dark, 390)')));
    expect(serious).toEqual([]);
  });
});
