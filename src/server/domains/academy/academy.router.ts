import { ZCourseDetails, ZCourseDetailsInput, ZCourseList, ZListCoursesInput } from '../../../shared/schemas/academy.ts';
import { abilityProcedure, router } from '../../trpc/init.ts';
import { getCourseDetails, listCourses } from './academy.service.ts';

const readDemo = abilityProcedure('read', 'DemoApp');

export const academyRouter = router({
  courses: router({
    list: readDemo
      .input(ZListCoursesInput.optional())
      .output(ZCourseList)
      .query(({ ctx, input }) => listCourses(ctx, ZListCoursesInput.parse(input ?? {}))),
  }),
  courseDetails: readDemo
    .input(ZCourseDetailsInput.optional())
    .output(ZCourseDetails)
    .query(({ ctx, input }) => getCourseDetails(ctx, input ?? {})),
});
