import { ZCourseDetails, ZCourseDetailsInput, ZCourseList, ZListCoursesInput } from '../../../../shared/schemas/academy.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import { getCourseDetails, listCourses } from './academy.service.ts';

export const academyRouter = router({
  courses: router({
    list: listQuery(ZListCoursesInput, ZCourseList, listCourses),
  }),
  courseDetails: authedProcedure
    .input(ZCourseDetailsInput.optional())
    .output(ZCourseDetails)
    .query(({ ctx, input }) => getCourseDetails(ctx, input ?? {})),
});
