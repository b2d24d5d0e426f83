import {
  ZAcademySummary,
  ZCourseDetails,
  ZCourseDetailsInput,
  ZCourseList,
  ZListCoursesInput,
  ZSetTopicCompletedInput,
} from '../../../../shared/schemas/academy.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import { getAcademySummary, getCourseDetails, listCourses, setTopicCompleted } from './academy.service.ts';

export const academyRouter = router({
  courses: router({
    list: listQuery(ZListCoursesInput, ZCourseList, listCourses),
  }),
  courseDetails: authedProcedure
    .input(ZCourseDetailsInput.optional())
    .output(ZCourseDetails)
    .query(({ ctx, input }) => getCourseDetails(ctx, input ?? {})),
  setTopicCompleted: authedProcedure
    .input(ZSetTopicCompletedInput)
    .output(ZCourseDetails)
    .mutation(({ ctx, input }) => setTopicCompleted(ctx, input)),
  summary: authedProcedure.output(ZAcademySummary).query(({ ctx }) => getAcademySummary(ctx)),
});
