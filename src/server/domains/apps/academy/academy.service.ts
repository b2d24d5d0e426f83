// Academy demo app: the course catalogue (searched, filtered, sorted and paged in SQL) and course pages.
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ALL_COURSES_LABEL,
  type TCourse,
  type TCourseDetails,
  type TCourseDetailsInput,
  type TCourseList,
  type TCourseSortKey,
  type TListCoursesInput,
} from '../../../../shared/schemas/academy.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { execSql, listQueryOf, runList, sql, tableOf, type ListSource } from '../../../lib/sql-list.ts';
import { AcademyCourse, AcademyCourseSection, AcademyCourseTopic } from './academy.entity.ts';

function courseSource(em: EntityManager): ListSource<TCourseSortKey> {
  const c = tableOf(em, AcademyCourse, 'c');
  return {
    from: c.from,
    id: c.col('id'),
    select: {
      id: c.col('id'),
      user: c.col('tutorName'),
      image: c.col('image'),
      tutorImg: c.col('tutorImg'),
      completedTasks: c.col('completedTasks'),
      totalTasks: c.col('totalTasks'),
      userCount: c.col('userCount'),
      note: c.col('note'),
      view: c.col('view'),
      time: c.col('time'),
      logo: c.col('logo'),
      color: c.col('color'),
      courseTitle: c.col('courseTitle'),
      desc: c.col('summary'),
      tags: c.col('tag'),
      rating: sql`${c.col('rating')}::float8`,
      ratingCount: c.col('ratingCount'),
    },
    search: [c.col('courseTitle'), c.col('tutorName')],
    sorts: {
      courseName: sql`lower(${c.col('courseTitle')}) collate "C"`,
      progress: sql`(${c.col('completedTasks')}::float8 / ${c.col('totalTasks')})`,
    },
  };
}

/**
 * Courses matching `q` (title or tutor, case-insensitive), the label's tag and hideCompleted, sorted by
 * title or progress (completed over total tasks), paged. Any role that may read DemoApp; FORBIDDEN otherwise.
 */
export async function listCourses(ctx: ServiceContext, input: TListCoursesInput): Promise<TCourseList> {
  authorize(ctx, 'read', 'DemoApp');
  const c = tableOf(ctx.em, AcademyCourse, 'c');
  const { rows, total } = await runList<TCourse, TCourseSortKey>(ctx.em, courseSource(ctx.em), {
    ...listQueryOf(input),
    where: [
      input.label !== ALL_COURSES_LABEL && sql`${c.col('tag')} = ${input.label}`,
      input.hideCompleted && sql`${c.col('completedTasks')} < ${c.col('totalTasks')}`,
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

interface TopicRow {
  sectionId: number;
  slug: string;
  sectionTitle: string;
  title: string | null;
  seconds: number | null;
  isCompleted: boolean | null;
}

/**
 * A course page: the course's summary, instructor and its content sections with their lectures
 * (status = completed/total lectures, times summed from the lectures). Without `courseId`, the first course.
 * Any role that may read DemoApp. NOT_FOUND for an unknown course.
 */
export async function getCourseDetails(ctx: ServiceContext, input: TCourseDetailsInput): Promise<TCourseDetails> {
  authorize(ctx, 'read', 'DemoApp');
  const course = input.courseId
    ? await ctx.em.findOne(AcademyCourse, { id: input.courseId })
    : (await ctx.em.find(AcademyCourse, {}, { orderBy: { id: 'asc' }, limit: 1 }))[0];
  if (!course) throw new AppError('NOT_FOUND', 'No course found with this id');
  const s = tableOf(ctx.em, AcademyCourseSection, 's');
  const t = tableOf(ctx.em, AcademyCourseTopic, 't');
  const rows = await execSql<TopicRow>(
    ctx.em,
    sql`select ${s.col('id')} as "sectionId", ${s.col('slug')} as "slug", ${s.col('title')} as "sectionTitle",
               ${t.col('title')} as "title", ${t.col('seconds')} as "seconds", ${t.col('isCompleted')} as "isCompleted"
          from ${s.from} left join ${t.from} on ${t.col('section')} = ${s.col('id')}
         where ${s.col('course')} = ${course.id}
         order by ${s.col('position')}, ${t.col('position')}`,
  );
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
