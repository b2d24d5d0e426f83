// tRPC: apps.academy.* — the catalogue, course pages, lecture ticks and the dashboard's summary.
import {
  ZAcademySummary,
  ZCourseDetails,
  ZCourseDetailsInput,
  ZCourseList,
  ZListCoursesInput,
  ZSetTopicCompletedInput,
} from '../../../../shared/schemas/academy.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { getAcademySummary, getCourseDetails, listCourses } from './academy.listing.ts';
import { setTopicCompleted } from './academy.service.ts';

export const academyRouter = router({
  courses: router({
    list: authedProcedure
      .input(ZListCoursesInput.prefault({}))
      .output(ZCourseList)
      .query(({ ctx, input }) => listCourses(ctx, input)),
  }),
  courseDetails: authedProcedure
    .input(ZCourseDetailsInput.prefault({}))
    .output(ZCourseDetails)
    .query(({ ctx, input }) => getCourseDetails(ctx, input)),
  setTopicCompleted: authedProcedure
    .input(ZSetTopicCompletedInput)
    .output(ZCourseDetails)
    .mutation(({ ctx, input }) => setTopicCompleted(ctx, input)),
  summary: authedProcedure.output(ZAcademySummary).query(({ ctx }) => getAcademySummary(ctx)),
});
