import { ZCourseDetails, ZCourseDetailsInput, ZCourseList, ZListCoursesInput } from '../../../../shared/schemas/academy.ts';
import { abilityProcedure, router } from '../../../trpc/init.ts';
import { demoListQuery } from '../../../trpc/procedures.ts';
import { getCourseDetails, listCourses } from './academy.service.ts';

const readDemo = abilityProcedure('read', 'DemoApp');

export const academyRouter = router({
  courses: router({
    list: demoListQuery(ZListCoursesInput, ZCourseList, listCourses),
  }),
  courseDetails: readDemo
    .input(ZCourseDetailsInput.optional())
    .output(ZCourseDetails)
    .query(({ ctx, input }) => getCourseDetails(ctx, input ?? {})),
});
