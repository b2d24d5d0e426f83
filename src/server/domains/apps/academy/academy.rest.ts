// REST (spec section 7): GET /api/apps/academy/courses and /api/apps/academy/course-details.
import type { FastifyPluginAsync } from 'fastify';
import { ALL_COURSES_LABEL, COURSE_LABELS, COURSE_SORT_KEYS } from '../../../../shared/schemas/academy.ts';
import {
  legacyPaging,
  queryBoolean,
  queryEnum,
  queryId,
  queryOrder,
  querySortKey,
  queryString,
} from '../../../rest/legacy.ts';
import { getCourseDetails, listCourses } from './academy.service.ts';

type Query = Record<string, unknown>;

export const academyRest: FastifyPluginAsync = async (app) => {
  app.get('/apps/academy/courses', async (request) => {
    const query = request.query as Query;
    const { items, total } = await listCourses(request, {
      q: queryString(query.q)?.trim() || undefined,
      label: queryEnum(query.label, COURSE_LABELS, 'label') ?? ALL_COURSES_LABEL,
      hideCompleted: queryBoolean(query.hideCompleted, 'hideCompleted') ?? false,
      sortBy: querySortKey(query.sortBy, COURSE_SORT_KEYS),
      orderBy: queryOrder(query.orderBy),
      ...legacyPaging(query),
    });
    return { courses: items, total, totalCourse: total };
  });

  app.get('/apps/academy/course-details', async (request) =>
    getCourseDetails(request, { courseId: queryId((request.query as Query).courseId, 'courseId') }),
  );
};
