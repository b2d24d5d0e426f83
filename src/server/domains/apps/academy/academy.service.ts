// Academy demo app: the course catalogue (searched, filtered, sorted and paged in SQL) and course pages, each
// caller reading their customer's copy (the platform's for the superadmin), made on first use.
import type { EntityManager } from '@mikro-orm/postgresql';
import { expressionBuilder, sql, type Kysely } from 'kysely';
import { ALL_COURSES_LABEL, type TCourseDetails, type TCourseDetailsInput, type TCourseList, type TListCoursesInput } from '../../../../shared/schemas/academy.ts';
import { db as kyselyOf, type DB } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { listSource, runList } from '../../../lib/list.ts';
import { copiedColumns, copySampleRows, openTenantCopy, type TenantCopy } from '../provision/demo-provision.service.ts';
import { AcademyCourse, AcademyCourseSection, AcademyCourseTopic } from './academy.entity.ts';

/** Copies the sample courses, their sections (pointing at the copied courses) and topics to demo tenant `tenant`. */
export async function copySampleCourses(em: EntityManager, tenant: number): Promise<void> {
  const courses = await copySampleRows(em, 'academy_courses', tenant, copiedColumns(em, AcademyCourse));
  const sections = await copySampleRows(em, 'academy_course_sections', tenant, copiedColumns(em, AcademyCourseSection), { column: 'course_id', ids: courses });
  await copySampleRows(em, 'academy_course_topics', tenant, copiedColumns(em, AcademyCourseTopic), { column: 'section_id', ids: sections });
}

/** Authorizes reading DemoApp and opens the caller's copy of the academy (made on first use). */
function openAcademy(ctx: ServiceContext): Promise<TenantCopy> {
  return openTenantCopy(ctx, 'read', 'academy', copySampleCourses);
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

/**
 * Courses matching `q` (title or tutor, case-insensitive), the label's tag and hideCompleted, sorted by
 * title or progress (completed over total tasks), paged. Any role that may read DemoApp; FORBIDDEN otherwise.
 */
export async function listCourses(ctx: ServiceContext, input: TListCoursesInput): Promise<TCourseList> {
  const { ctx: authed, tenant } = await openAcademy(ctx);
  const { label } = input;
  const { rows, total } = await runList(courseSource(kyselyOf(authed.em), tenant), {
    ...input,
    where: [
      label !== ALL_COURSES_LABEL && ((eb) => eb('c.tag', '=', label)),
      input.hideCompleted && ((eb) => eb('c.completed_tasks', '<', eb.ref('c.total_tasks'))),
    ],
  });
  return { items: rows, total };
}

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
  if (!course) throw new AppError('NOT_FOUND', 'No course found with this id');
  const rows = await kyselyOf(ctx.em)
    .selectFrom('academy_course_sections as s')
    .leftJoin('academy_course_topics as t', 't.section_id', 's.id')
    .select(['s.id as sectionId', 's.slug', 's.title as sectionTitle', 't.title', 't.seconds', 't.is_completed as isCompleted'])
    .where('s.course_id', '=', course.id)
    .where('s.tenant_id', '=', tenant)
    .orderBy('s.position')
    .orderBy('t.position')
    .execute();
  const sections = new Map<number, { slug: string; title: string; topics: { title: string; seconds: number; isCompleted: boolean }[] }>();
  for (const row of rows) {
    let section = sections.get(row.sectionId);
    if (!section) {
      section = { slug: row.slug, title: row.sectionTitle, topics: [] };
      sections.set(row.sectionId, section);
    }
    if (row.title !== null) section.topics.push({ title: row.title, seconds: row.seconds ?? 0, isCompleted: row.isCompleted ?? false });
  }
  let totalSeconds = 0;
  let totalLectures = 0;
  const content = [...sections.values()].map((section) => {
    const seconds = section.topics.reduce((sum, topic) => sum + topic.seconds, 0);
    totalSeconds += seconds;
    totalLectures += section.topics.length;
    return {
      id: section.slug,
      title: section.title,
      status: `${section.topics.filter((topic) => topic.isCompleted).length}/${section.topics.length}`,
      time: sectionTime(seconds),
      topics: section.topics.map((topic) => ({ title: topic.title, time: lectureTime(topic.seconds), isCompleted: topic.isCompleted })),
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
    description: course.description,
    content,
  };
}
