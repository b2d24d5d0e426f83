import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();

describe('apps.academy (tRPC)', () => {
  it('lists courses as { items, total } with filters and sorting', async () => {
    const api = await t.caller('teamleader@demo.com');
    const page = await api.apps.academy.courses.list({ label: 'Art', sortBy: 'courseName', orderBy: 'desc', itemsPerPage: 2 });
    expect(page.total).toBe(5);
    expect(page.items).toHaveLength(2);
    expect(page.items[0].courseTitle > page.items[1].courseTitle).toBe(true);
    expect((await api.apps.academy.courses.list()).total).toBe(25);
  });

  it('refuses unknown labels and sort keys with BAD_REQUEST', async () => {
    const api = await t.caller('admin@demo.com');
    await expect(api.apps.academy.courses.list({ label: 'Cooking' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(api.apps.academy.courses.list({ sortBy: 'price' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers course details by id and NOT_FOUND for an unknown id', async () => {
    const api = await t.caller('businessadmin@demo.com');
    const { items } = await api.apps.academy.courses.list({ itemsPerPage: 1, sortBy: 'progress', orderBy: 'desc' });
    const details = await api.apps.academy.courseDetails({ courseId: items[0].id });
    expect(details.courseId).toBe(items[0].id);
    expect(details.content.every((s) => s.topics.every((x) => x.isCompleted))).toBe(true);
    await expect(api.apps.academy.courseDetails({ courseId: 424242 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is FORBIDDEN for client and UNAUTHORIZED for nobody', async () => {
    const client = await t.caller('client@demo.com');
    await expect(client.apps.academy.courses.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(client.apps.academy.courseDetails()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.createAnonCaller().apps.academy.courses.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
