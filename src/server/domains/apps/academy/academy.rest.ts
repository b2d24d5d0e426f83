// REST: GET /api/apps/academy/courses and /api/apps/academy/course-details.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCourse, ZCourseDetails, ZCourseDetailsInput, ZListCoursesInput } from '../../../../shared/schemas/academy.ts';
import { getCourseDetails, listCourses } from './academy.listing.ts';

const ZCoursesReply = z.object({ courses: z.array(ZCourse), total: z.number().int(), totalCourse: z.number().int() });

export const academyRest: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apps/academy/courses',
    { schema: { querystring: ZListCoursesInput, response: { 200: ZCoursesReply } } },
    async (request) => {
      const { items, total } = await listCourses(request, request.query);
      return { courses: items, total, totalCourse: total };
    },
  );

  app.get(
    '/apps/academy/course-details',
    { schema: { querystring: ZCourseDetailsInput, response: { 200: ZCourseDetails } } },
    async (request) => getCourseDetails(request, request.query),
  );
};
