import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();

describe('apps.academy (tRPC)', () => {
  it('lists courses as { items, total } with filters and sorting', async () => {
    const api = await t.caller('teamleader@demo.com');
    const page = await api.apps.academy.courses.list({
      label: 'Art',
      sortBy: 'courseName',
      orderBy: 'desc',
      itemsPerPage: 2,
    });
    expect(page.total).toBe(5);
    expect(page.items).toHaveLength(2);
    expect(page.items[0].courseTitle > page.items[1].courseTitle).toBe(true);
    expect((await api.apps.academy.courses.list()).total).toBe(25);
  });

  it('refuses unknown labels and sort keys with BAD_REQUEST', async () => {
    const api = await t.caller('admin@demo.com');
    await expect(api.apps.academy.courses.list({ label: 'Cooking' as never })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(api.apps.academy.courses.list({ sortBy: 'price' as never })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
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

describe('apps.academy.setTopicCompleted (tRPC)', () => {
  /** A course of `as`'s copy that is neither complete nor untouched, with its details. */
  async function inProgressCourse(as: string) {
    const api = await t.caller(as);
    const { items } = await api.apps.academy.courses.list({
      itemsPerPage: -1,
      hideCompleted: true,
      sortBy: 'progress',
      orderBy: 'desc',
    });
    const course = items.find((c) => c.completedTasks > 0)!;
    return { api, course, details: await api.apps.academy.courseDetails({ courseId: course.id }) };
  }

  it('ticks a lecture, persists it, bumps its version and recomputes the course progress', async () => {
    const { api, course, details } = await inProgressCourse('admin@demo.com');
    const topic = details.content.flatMap((s) => s.topics).find((x) => !x.isCompleted)!;
    const after = await api.apps.academy.setTopicCompleted({
      topicId: topic.id,
      isCompleted: true,
      version: topic.version,
    });
    const ticked = after.content.flatMap((s) => s.topics).find((x) => x.id === topic.id)!;
    expect(ticked).toMatchObject({ isCompleted: true, version: topic.version + 1 });
    expect(after.completedLectures).toBe(details.completedLectures + 1);
    // Read back fresh: the lecture, the course page and the catalogue's progress all moved.
    const reread = await api.apps.academy.courseDetails({ courseId: course.id });
    expect(reread.content.flatMap((s) => s.topics).find((x) => x.id === topic.id)!.isCompleted).toBe(true);
    const listed = (await api.apps.academy.courses.list({ itemsPerPage: -1 })).items.find((c) => c.id === course.id)!;
    expect(listed.completedTasks).toBe(course.completedTasks + 1);
    // Untick with the new version: back where it was.
    const undone = await api.apps.academy.setTopicCompleted({
      topicId: topic.id,
      isCompleted: false,
      version: ticked.version,
    });
    expect(undone.completedLectures).toBe(details.completedLectures);
    expect(
      (await api.apps.academy.courses.list({ itemsPerPage: -1 })).items.find((c) => c.id === course.id)!.completedTasks,
    ).toBe(course.completedTasks);
  });

  it('refuses a tick made from a stale version with CONFLICT (409) and keeps the newer write', async () => {
    const { api, course, details } = await inProgressCourse('admin@demo.com');
    const topic = details.content.flatMap((s) => s.topics).find((x) => !x.isCompleted)!;
    await api.apps.academy.setTopicCompleted({ topicId: topic.id, isCompleted: true, version: topic.version });
    // A second tab still holding the old version tries to untick it.
    await expect(
      api.apps.academy.setTopicCompleted({ topicId: topic.id, isCompleted: false, version: topic.version }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const res = await t.request({
      method: 'POST',
      url: '/trpc/apps.academy.setTopicCompleted',
      as: 'admin@demo.com',
      payload: { json: { topicId: topic.id, isCompleted: false, version: topic.version } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatch(/changed by someone else/);
    const reread = await api.apps.academy.courseDetails({ courseId: course.id });
    expect(reread.content.flatMap((s) => s.topics).find((x) => x.id === topic.id)).toMatchObject({
      isCompleted: true,
      version: topic.version + 1,
    });
    await api.apps.academy.setTopicCompleted({ topicId: topic.id, isCompleted: false, version: topic.version + 1 });
  });

  it("answers NOT_FOUND (404) for another customer's lecture and leaves it unchanged", async () => {
    const { api, course, details } = await inProgressCourse('admin@demo.com');
    const topic = details.content.flatMap((s) => s.topics).find((x) => !x.isCompleted)!;
    const other = await t.caller('admin@nws.demo.com');
    await expect(
      other.apps.academy.setTopicCompleted({ topicId: topic.id, isCompleted: true, version: topic.version }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const res = await t.request({
      method: 'POST',
      url: '/trpc/apps.academy.setTopicCompleted',
      as: 'admin@nws.demo.com',
      payload: { json: { topicId: topic.id, isCompleted: true, version: topic.version } },
    });
    expect(res.statusCode).toBe(404);
    const reread = await api.apps.academy.courseDetails({ courseId: course.id });
    expect(reread.content.flatMap((s) => s.topics).find((x) => x.id === topic.id)).toMatchObject({
      isCompleted: false,
      version: topic.version,
    });
    // And NWS's own catalogue is its own copy: the course id is not one of its courses either.
    await expect(other.apps.academy.courseDetails({ courseId: course.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('answers 400 naming the field for bad input', async () => {
    for (const [json, field] of [
      [{ topicId: 1, isCompleted: 'yes', version: 1 }, 'isCompleted'],
      [{ topicId: 1, isCompleted: true }, 'version'],
      [{ topicId: 1, isCompleted: true, version: 0 }, 'version'],
      [{ topicId: 'abc', isCompleted: true, version: 1 }, 'topicId'],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/trpc/apps.academy.setTopicCompleted',
        as: 'admin@demo.com',
        payload: { json },
      });
      expect(res.statusCode, JSON.stringify(json)).toBe(400);
      const fieldErrors = res.json<{ error: { json: { data: { fieldErrors: Record<string, string[]> } } } }>().error
        .json.data.fieldErrors;
      expect(Object.keys(fieldErrors), JSON.stringify(json)).toEqual([field]);
    }
  });

  it('is FORBIDDEN for roles that may only read the demo apps', async () => {
    const { details } = await inProgressCourse('analyst@demo.com');
    const topic = details.content[0].topics[0];
    const analyst = await t.caller('analyst@demo.com');
    await expect(
      analyst.apps.academy.setTopicCompleted({
        topicId: topic.id,
        isCompleted: !topic.isCompleted,
        version: topic.version,
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('apps.academy.summary (tRPC)', () => {
  it('counts courses by state, lecture hours and completion per tag from the catalogue', async () => {
    const api = await t.caller('teamleader@demo.com');
    const summary = await api.apps.academy.summary();
    const { items } = await api.apps.academy.courses.list({ itemsPerPage: -1 });
    expect(summary.courses).toBe(items.length);
    expect(summary.completed).toBe(items.filter((c) => c.completedTasks === c.totalTasks).length);
    expect(summary.notStarted).toBe(items.filter((c) => c.completedTasks === 0).length);
    expect(summary.inProgress).toBe(summary.courses - summary.completed - summary.notStarted);
    expect(summary.lectures).toBe(items.reduce((n, c) => n + c.totalTasks, 0));
    expect(summary.completedLectures).toBe(items.reduce((n, c) => n + c.completedTasks, 0));
    expect(summary.hours).toBeGreaterThan(summary.completedHours);
    for (const row of summary.byTag) {
      const tagged = items.filter((c) => c.tags === row.tag);
      expect(row.courses).toBe(tagged.length);
      expect(row.lectures).toBe(tagged.reduce((n, c) => n + c.totalTasks, 0));
      expect(row.completedLectures).toBe(tagged.reduce((n, c) => n + c.completedTasks, 0));
      expect(row.percent).toBe(Math.round((row.completedLectures / row.lectures) * 100));
    }
    await expect((await t.caller('client@demo.com')).apps.academy.summary()).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
