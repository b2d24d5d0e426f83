// Reads of the academy demo app: the caller's copy of the courses (each customer, and the platform, has
// its own, made on first use): the catalogue (searched, filtered, sorted and paged in SQL), a course
// page with its sections and lectures, and the dashboard's summary. Any caller who may read DemoApp.
import type { EntityManager } from '@mikro-orm/postgresql';
import { expressionBuilder, type Kysely, sql } from 'kysely';
import {
  ALL_COURSES_LABEL,
  COURSE_TAGS,
  type TAcademySummary,
  type TCourse,
  type TCourseDetails,
  type TCourseDetailsInput,
  type TListCoursesInput,
} from '../../../../shared/schemas/academy.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { defineListing, listSource, scopedListingReads } from '../../../lib/list/index.ts';
import { copiedColumns, copySampleRows, openTenantCopy, type TenantCopy } from '../provision/demo-provision.service.ts';
import { AcademyCourse, AcademyCourseSection, AcademyCourseTopic } from './academy.entity.ts';

/** Copies the sample courses, their sections (pointing at the copied courses) and topics to demo tenant `tenant`. */
export async function copySampleCourses(em: EntityManager, tenant: number): Promise<void> {
  const courses = await copySampleRows(em, 'academy_courses', tenant, copiedColumns(em, AcademyCourse));
  const sections = await copySampleRows(
    em,
    'academy_course_sections',
    tenant,
    copiedColumns(em, AcademyCourseSection),
    { column: 'course_id', ids: courses },
  );
  await copySampleRows(em, 'academy_course_topics', tenant, copiedColumns(em, AcademyCourseTopic), {
    column: 'section_id',
    ids: sections,
  });
}

/**
 * Authorizes `action` on DemoApp (FORBIDDEN otherwise: reading needs `read`, writing `manage`); the
 * caller's copy of the academy (made on first use).
 */
export function openAcademy(ctx: ServiceContext, action: 'read' | 'manage' = 'read'): Promise<TenantCopy> {
  return openTenantCopy(ctx, action, 'academy', copySampleCourses);
}

function courseSource(db: Kysely<DB>, tenant: number) {
  const from = db.selectFrom('academy_courses as c').where('c.tenant_id', '=', tenant);
  const eb = expressionBuilder(from);
  return listSource(from, {
    id: 'c.id',
    select: (qb) =>
      qb.select([
        'c.id',
        'c.tutor_name as user',
        'c.image',
        'c.tutor_img as tutorImg',
        'c.completed_tasks as completedTasks',
        'c.total_tasks as totalTasks',
        'c.user_count as userCount',
        'c.note',
        'c.view',
        'c.time',
        'c.logo',
        'c.color',
        'c.course_title as courseTitle',
        'c.summary as desc',
        'c.tag as tags',
        eb.cast<number>('c.rating', 'float8').as('rating'),
        'c.rating_count as ratingCount',
      ]),
    search: ['c.course_title', 'c.tutor_name'],
    sorts: {
      courseName: sql<string>`lower(${eb.ref('c.course_title')}) collate "C"`,
      progress: sql<number>`(${eb.ref('c.completed_tasks')}::float8 / ${eb.ref('c.total_tasks')})`,
    },
  });
}

/** The courses of demo tenant `tenant`'s copy. */
export const courseListing = (tenant: number) =>
  defineListing({ source: (db) => courseSource(db, tenant), map: (r): TCourse => r });

/**
 * Courses matching `q` (title or tutor, case-insensitive), the label's tag and hideCompleted, sorted by
 * title or progress (completed over total tasks), paged.
 */
export const { list: listCourses } = scopedListingReads(courseListing, async (ctx, input: TListCoursesInput) => {
  const copy = await openAcademy(ctx);
  const { label } = input;
  return {
    em: copy.ctx.em,
    scope: copy.tenant,
    where: [
      label !== ALL_COURSES_LABEL && ((eb) => eb('c.tag', '=', label)),
      input.hideCompleted && ((eb) => eb('c.completed_tasks', '<', eb.ref('c.total_tasks'))),
    ],
  };
});

/** "4.5 min" for a lecture. */
function lectureTime(seconds: number): string {
  return `${Math.round((seconds / 60) * 10) / 10} min`;
}

/** "48 min" or "1h 12m" for a section. */
function sectionTime(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/**
 * A course page: the course's summary, instructor and its content sections with their lectures
 * (status = completed/total lectures, times summed from the lectures). Without `courseId`, the first course.
 * Any role that may read DemoApp. NOT_FOUND for an unknown course.
 */
export async function getCourseDetails(ctx: ServiceContext, input: TCourseDetailsInput): Promise<TCourseDetails> {
  const { tenant } = await openAcademy(ctx);
  const course = input.courseId
    ? await ctx.em.findOne(AcademyCourse, { id: input.courseId, tenant })
    : (await ctx.em.find(AcademyCourse, { tenant }, { orderBy: { id: 'asc' }, limit: 1 }))[0];
  if (!course) throw new AppError('NOT_FOUND', 'academy.noCourse');
  return courseDetails(ctx.em, tenant, course);
}

/** The course page of `course` (a row of `tenant`'s copy), its sections and lectures read fresh. */
export async function courseDetails(em: EntityManager, tenant: number, course: AcademyCourse): Promise<TCourseDetails> {
  const rows = await kyselyOf(em)
    .selectFrom('academy_course_sections as s')
    .leftJoin('academy_course_topics as t', 't.section_id', 's.id')
    .select([
      's.id as sectionId',
      's.slug',
      's.title as sectionTitle',
      't.id as topicId',
      't.title',
      't.seconds',
      't.is_completed as isCompleted',
      't.version',
    ])
    .where('s.course_id', '=', course.id)
    .where('s.tenant_id', '=', tenant)
    .orderBy('s.position')
    .orderBy('t.position')
    .execute();
  type Topic = { id: number; title: string; seconds: number; isCompleted: boolean; version: number };
  const sections = new Map<number, { slug: string; title: string; topics: Topic[] }>();
  for (const row of rows) {
    let section = sections.get(row.sectionId);
    if (!section) {
      section = { slug: row.slug, title: row.sectionTitle, topics: [] };
      sections.set(row.sectionId, section);
    }
    if (row.topicId !== null && row.title !== null) {
      section.topics.push({
        id: row.topicId,
        title: row.title,
        seconds: row.seconds ?? 0,
        isCompleted: row.isCompleted ?? false,
        version: row.version ?? 1,
      });
    }
  }
  let totalSeconds = 0;
  let totalLectures = 0;
  let completedLectures = 0;
  const content = [...sections.values()].map((section) => {
    const seconds = section.topics.reduce((sum, topic) => sum + topic.seconds, 0);
    const completed = section.topics.filter((topic) => topic.isCompleted).length;
    totalSeconds += seconds;
    totalLectures += section.topics.length;
    completedLectures += completed;
    return {
      id: section.slug,
      title: section.title,
      status: `${completed}/${section.topics.length}`,
      time: sectionTime(seconds),
      topics: section.topics.map((topic) => ({
        id: topic.id,
        title: topic.title,
        time: lectureTime(topic.seconds),
        isCompleted: topic.isCompleted,
        version: topic.version,
      })),
    };
  });
  return {
    courseId: course.id,
    title: course.courseTitle,
    about: course.about,
    instructor: course.tutorName,
    instructorAvatar: course.tutorImg,
    instructorPosition: course.instructorPosition,
    skillLevel: course.skillLevel,
    totalStudents: course.userCount,
    language: course.language,
    isCaptions: course.isCaptions,
    length: `${Math.round((totalSeconds / 3600) * 10) / 10} total hours`,
    totalLectures,
    completedLectures,
    tag: course.tag,
    description: course.description,
    content,
  };
}

/**
 * The academy dashboard: courses completed / in progress / not started, lecture hours in the catalogue and
 * completed, and completion per tag, aggregated in SQL over the caller's copy (any reader of DemoApp).
 */
export async function getAcademySummary(ctx: ServiceContext): Promise<TAcademySummary> {
  const { tenant } = await openAcademy(ctx);
  const db = kyselyOf(ctx.em);
  const courses = await db
    .selectFrom('academy_courses as c')
    .where('c.tenant_id', '=', tenant)
    .select([
      sql<number>`count(*)::int`.as('courses'),
      sql<number>`(count(*) filter (where c.completed_tasks = c.total_tasks))::int`.as('completed'),
      sql<number>`(count(*) filter (where c.completed_tasks > 0 and c.completed_tasks < c.total_tasks))::int`.as(
        'inProgress',
      ),
      sql<number>`(count(*) filter (where c.completed_tasks = 0))::int`.as('notStarted'),
    ])
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('academy_courses as c')
    .leftJoin('academy_course_sections as s', (join) => join.onRef('s.course_id', '=', 'c.id'))
    .leftJoin('academy_course_topics as t', (join) => join.onRef('t.section_id', '=', 's.id'))
    .where('c.tenant_id', '=', tenant)
    .groupBy('c.tag')
    .select([
      'c.tag',
      sql<number>`count(distinct c.id)::int`.as('courses'),
      sql<number>`count(t.id)::int`.as('lectures'),
      sql<number>`(count(t.id) filter (where t.is_completed))::int`.as('completedLectures'),
      sql<number>`coalesce(sum(t.seconds), 0)::float8`.as('seconds'),
      sql<number>`coalesce(sum(t.seconds) filter (where t.is_completed), 0)::float8`.as('completedSeconds'),
    ])
    .execute();
  const byTag = COURSE_TAGS.flatMap((tag) => {
    const row = rows.find((r) => r.tag === tag);
    if (!row) return [];
    return [
      {
        tag,
        courses: row.courses,
        lectures: row.lectures,
        completedLectures: row.completedLectures,
        percent: row.lectures ? Math.round((row.completedLectures / row.lectures) * 100) : 0,
      },
    ];
  });
  const sum = (key: 'lectures' | 'completedLectures' | 'seconds' | 'completedSeconds') =>
    rows.reduce((total, row) => total + row[key], 0);
  const hours = (seconds: number) => Math.round((seconds / 3600) * 10) / 10;
  return {
    ...courses,
    lectures: sum('lectures'),
    completedLectures: sum('completedLectures'),
    hours: hours(sum('seconds')),
    completedHours: hours(sum('completedSeconds')),
    byTag,
  };
}
