import { describe, expect, it } from 'vitest';
import type { TCourse, TCourseDetails } from '../../../../shared/schemas/academy.ts';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();
const AS = 'analyst@demo.com';

interface CourseBody {
  courses: TCourse[];
  total: number;
  totalCourse: number;
}

async function courses(query: string, as = AS): Promise<CourseBody> {
  const res = await t.request({ method: 'GET', url: `/api/apps/academy/courses${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CourseBody>();
}

const all = (await courses('?itemsPerPage=-1')).courses;
const progress = (c: TCourse) => c.completedTasks / c.totalTasks;

describe('GET /api/apps/academy/courses', () => {
  it('has exactly 25 seeded courses and pages 10 by default', async () => {
    expect(all).toHaveLength(25);
    const body = await courses('');
    expect(body.total).toBe(25);
    expect(body.totalCourse).toBe(25);
    expect(body.courses).toHaveLength(10);
    expect(Object.keys(body.courses[0]).sort()).toEqual(
      [
        'color',
        'completedTasks',
        'courseTitle',
        'desc',
        'id',
        'image',
        'logo',
        'note',
        'rating',
        'ratingCount',
        'tags',
        'time',
        'totalTasks',
        'tutorImg',
        'user',
        'userCount',
        'view',
      ].sort(),
    );
  });

  it('matches q against the title or the tutor, ignoring case', async () => {
    const tutorPart = all[3].user.split(' ').at(-1)!.toUpperCase();
    const titlePart = 'design';
    for (const q of [tutorPart, titlePart]) {
      const expected = all.filter(
        (c) => c.courseTitle.toLowerCase().includes(q.toLowerCase()) || c.user.toLowerCase().includes(q.toLowerCase()),
      );
      const body = await courses(`?itemsPerPage=-1&q=${encodeURIComponent(q)}`);
      expect(expected.length).toBeGreaterThan(0);
      expect(body.total).toBe(expected.length);
      expect(body.courses.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort());
    }
  });

  it('treats LIKE wildcards in q literally', async () => {
    expect((await courses('?q=%25')).total).toBe(0);
    expect((await courses('?q=_')).total).toBe(0);
  });

  it('filters by tag through label, All Courses meaning every tag', async () => {
    for (const tag of ['Web', 'Design', 'Psychology', 'UI/UX', 'Art']) {
      const body = await courses(`?itemsPerPage=-1&label=${encodeURIComponent(tag)}`);
      expect(body.total).toBe(all.filter((c) => c.tags === tag).length);
      expect(body.courses.every((c) => c.tags === tag)).toBe(true);
    }
    expect((await courses('?label=All%20Courses')).total).toBe(25);
  });

  it('answers 400 naming the valid labels for an unknown label', async () => {
    const res = await t.request({ method: 'GET', url: '/api/apps/academy/courses?label=Cooking', as: AS });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/All Courses, Web, Design, Psychology, UI\/UX, Art/);
  });

  it('drops completed courses with hideCompleted', async () => {
    const completed = all.filter((c) => c.completedTasks === c.totalTasks);
    expect(completed.length).toBeGreaterThan(0);
    const body = await courses('?itemsPerPage=-1&hideCompleted=true');
    expect(body.total).toBe(25 - completed.length);
    expect(body.courses.some((c) => c.completedTasks === c.totalTasks)).toBe(false);
    expect((await courses('?hideCompleted=false')).total).toBe(25);
  });

  it('answers 400 for a hideCompleted that is not a boolean', async () => {
    const res = await t.request({ method: 'GET', url: '/api/apps/academy/courses?hideCompleted=maybe', as: AS });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/hideCompleted/);
  });

  it('combines q, label and hideCompleted', async () => {
    const expected = all.filter(
      (c) => c.tags === 'Web' && c.completedTasks < c.totalTasks && /s/i.test(c.courseTitle + c.user),
    );
    const body = await courses('?itemsPerPage=-1&q=s&label=Web&hideCompleted=true');
    expect(body.courses.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort());
  });

  it('sorts by course name both ways', async () => {
    const byName = [...all].sort((a, b) => (a.courseTitle.toLowerCase() < b.courseTitle.toLowerCase() ? -1 : 1));
    const asc = await courses('?itemsPerPage=-1&sortBy=courseName&orderBy=asc');
    expect(asc.courses.map((c) => c.courseTitle)).toEqual(byName.map((c) => c.courseTitle));
    const desc = await courses('?itemsPerPage=-1&sortBy=courseName&orderBy=desc');
    expect(desc.courses.map((c) => c.courseTitle)).toEqual(byName.reverse().map((c) => c.courseTitle));
  });

  it('sorts by progress (completed over total) both ways, ties by id', async () => {
    const byProgress = [...all].sort((a, b) => progress(a) - progress(b) || a.id - b.id);
    const asc = await courses('?itemsPerPage=-1&sortBy=progress');
    expect(asc.courses.map((c) => c.id)).toEqual(byProgress.map((c) => c.id));
    const desc = await courses('?itemsPerPage=-1&sortBy=progress&orderBy=desc');
    expect(desc.courses.map((c) => c.id)).toEqual([...byProgress].reverse().map((c) => c.id));
  });

  it('ignores an unknown sort key (id order)', async () => {
    const body = await courses('?itemsPerPage=-1&sortBy=price');
    expect(body.courses.map((c) => c.id)).toEqual([...all].sort((a, b) => a.id - b.id).map((c) => c.id));
  });

  it('pages: partial last page, past the end, and the 1/10 fallbacks', async () => {
    const ordered = (await courses('?itemsPerPage=-1&sortBy=courseName')).courses;
    const third = await courses('?page=3&itemsPerPage=10&sortBy=courseName');
    expect(third.courses.map((c) => c.id)).toEqual(ordered.slice(20).map((c) => c.id));
    expect(third.total).toBe(25);
    const past = await courses('?page=9&itemsPerPage=10');
    expect(past.courses).toEqual([]);
    expect(past.total).toBe(25);
    const fallback = await courses('?page=abc&itemsPerPage=xyz');
    expect(fallback.courses).toHaveLength(10);
    expect((await courses('?page=0&itemsPerPage=0')).courses).toHaveLength(10);
    const five = await courses('?page=2&itemsPerPage=5&sortBy=progress&orderBy=desc');
    const byProgress = [...all].sort((a, b) => progress(b) - progress(a) || b.id - a.id);
    expect(five.courses.map((c) => c.id)).toEqual(byProgress.slice(5, 10).map((c) => c.id));
  });

  it('answers 401 without a session and 403 for the client role', async () => {
    expect((await t.request({ method: 'GET', url: '/api/apps/academy/courses' })).statusCode).toBe(401);
    const res = await t.request({ method: 'GET', url: '/api/apps/academy/courses', as: 'client@demo.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBeTruthy();
  });

  it('answers every role that may read demo apps', async () => {
    for (const as of [
      'superadmin@demo.com',
      'admin@demo.com',
      'businessuser@demo.com',
      'qualitycontrol@nws.demo.com',
    ]) {
      expect((await courses('?itemsPerPage=1', as)).total).toBe(25);
    }
  });
});

describe('GET /api/apps/academy/course-details', () => {
  it('answers the first course page with sections and lectures consistent with the course', async () => {
    const res = await t.request({ method: 'GET', url: '/api/apps/academy/course-details', as: AS });
    expect(res.statusCode).toBe(200);
    const details = res.json<TCourseDetails>();
    const first = [...all].sort((a, b) => a.id - b.id)[0];
    expect(details).toMatchObject({
      courseId: first.id,
      title: first.courseTitle,
      instructor: first.user,
      totalStudents: first.userCount,
    });
    const topics = details.content.flatMap((s) => s.topics);
    expect(details.totalLectures).toBe(first.totalTasks);
    expect(topics.filter((x) => x.isCompleted)).toHaveLength(first.completedTasks);
    for (const section of details.content) {
      expect(section.status).toBe(`${section.topics.filter((x) => x.isCompleted).length}/${section.topics.length}`);
      expect(section.time).toMatch(/^\d+ min$|^\d+h \d\dm$/);
    }
    expect(details.length).toMatch(/total hours$/);
    expect(details.description.length).toBeGreaterThan(0);
  });

  it('answers a chosen course, 404 for an unknown one and 400 for a bad id', async () => {
    const last = all.at(-1)!;
    const res = await t.request({ method: 'GET', url: `/api/apps/academy/course-details?courseId=${last.id}`, as: AS });
    expect(res.json<TCourseDetails>().title).toBe(last.courseTitle);
    const missing = await t.request({ method: 'GET', url: '/api/apps/academy/course-details?courseId=999999', as: AS });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toMatch(/course/i);
    const bad = await t.request({ method: 'GET', url: '/api/apps/academy/course-details?courseId=abc', as: AS });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 401 and 403 like every demo path', async () => {
    expect((await t.request({ method: 'GET', url: '/api/apps/academy/course-details' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/apps/academy/course-details', as: 'client@demo.com' })).statusCode,
    ).toBe(403);
  });
});
