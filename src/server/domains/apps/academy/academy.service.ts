// Writes of the academy demo app: tick or untick a lecture of the caller's copy.
import { sql } from 'kysely';
import type { TCourseDetails, TSetTopicCompletedInput } from '../../../../shared/schemas/academy.ts';
import { db as kyselyOf } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { staleRecord } from '../../../lib/records.ts';
import { AcademyCourse } from './academy.entity.ts';
import { courseDetails, openAcademy } from './academy.listing.ts';

/**
 * Tick or untick one lecture of the caller's copy and recompute its course's completed tasks (the
 * progress the catalogue shows) in the same transaction. Needs manage on DemoApp (FORBIDDEN otherwise).
 * A lecture of another copy, or none, is NOT_FOUND; a lecture whose version moved since the caller read
 * it is CONFLICT (one conditional UPDATE, race-free). Answers the course page as it now stands.
 */
export async function setTopicCompleted(ctx: ServiceContext, input: TSetTopicCompletedInput): Promise<TCourseDetails> {
  const { tenant } = await openAcademy(ctx, 'manage');
  const courseId = await ctx.em.transactional(async (em) => {
    const db = kyselyOf(em);
    const topic = await db
      .updateTable('academy_course_topics')
      .set({ is_completed: input.isCompleted, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
      .where('id', '=', input.topicId)
      .where('tenant_id', '=', tenant)
      .where('version', '=', input.version)
      .returning('section_id')
      .executeTakeFirst();
    if (!topic) {
      const exists = await db
        .selectFrom('academy_course_topics')
        .select('id')
        .where('id', '=', input.topicId)
        .where('tenant_id', '=', tenant)
        .executeTakeFirst();
      throw exists
        ? staleRecord('Lecture')
        : new AppError('NOT_FOUND', 'academy.noLecture', {}, { topicId: 'academy.noLecture' });
    }
    const course = await db
      .updateTable('academy_courses as c')
      .set((eb) => ({
        completed_tasks: eb
          .selectFrom('academy_course_topics as t')
          .innerJoin('academy_course_sections as s', 's.id', 't.section_id')
          .whereRef('s.course_id', '=', 'c.id')
          .where('t.is_completed', '=', true)
          .select(sql<number>`count(*)::int`.as('n')),
        updated_at: sql<Date>`now()`,
      }))
      .where('c.tenant_id', '=', tenant)
      .where('c.id', '=', (eb) =>
        eb.selectFrom('academy_course_sections').select('course_id').where('id', '=', topic.section_id),
      )
      .returning('c.id')
      .executeTakeFirstOrThrow();
    return course.id;
  });
  const course = await ctx.em.findOneOrFail(AcademyCourse, { id: courseId, tenant }, { refresh: true });
  return courseDetails(ctx.em, tenant, course);
}
