import { defineEntity, p } from '@mikro-orm/core';
import { COURSE_TAGS } from '../../../../shared/schemas/academy.ts';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { DemoTenant } from '../provision/demo-tenant.entity.ts';

/** A course of the academy demo catalogue. Progress is completedTasks / totalTasks. */
export const AcademyCourseSchema = defineEntity({
  name: 'AcademyCourse',
  tableName: 'academy_courses',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    courseTitle: p.string().length(200),
    /** The tutor's name (the demo API calls it `user`). */
    tutorName: p.string().length(120),
    tutorImg: p.text(),
    image: p.text(),
    completedTasks: p.integer(),
    totalTasks: p.integer(),
    userCount: p.integer(),
    note: p.integer(),
    view: p.integer(),
    time: p.string().length(40),
    logo: p.string().length(60),
    color: p.string().length(20),
    summary: p.text(),
    tag: p.enum([...COURSE_TAGS]),
    rating: p.double(),
    ratingCount: p.integer(),
    // Course page
    about: p.text(),
    instructorPosition: p.string().length(120),
    skillLevel: p.string().length(40),
    language: p.string().length(40),
    isCaptions: p.boolean(),
    description: p.array(),
  },
  // The catalogue's filter and default order, within one copy.
  indexes: [{ properties: ['tenant', 'tag'] }, { properties: ['tenant', 'id'] }],
  checks: [
    // Written as PostgreSQL prints it back, so the schema diff sees no change.
    {
      name: 'academy_courses_tasks_check',
      expression: '((total_tasks > 0) AND (completed_tasks >= 0) AND (completed_tasks <= total_tasks))',
    },
  ],
});
export class AcademyCourse extends AcademyCourseSchema.class {}
AcademyCourseSchema.setClass(AcademyCourse);

/** A chapter of a course's content. */
export const AcademyCourseSectionSchema = defineEntity({
  name: 'AcademyCourseSection',
  tableName: 'academy_course_sections',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    course: () => p.manyToOne(AcademyCourse).deleteRule('cascade'),
    slug: p.string().length(80),
    title: p.string().length(200),
    position: p.integer(),
  },
  uniques: [{ properties: ['course', 'position'] }],
});
export class AcademyCourseSection extends AcademyCourseSectionSchema.class {}
AcademyCourseSectionSchema.setClass(AcademyCourseSection);

/** A lecture inside a section. */
export const AcademyCourseTopicSchema = defineEntity({
  name: 'AcademyCourseTopic',
  tableName: 'academy_course_topics',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    section: () => p.manyToOne(AcademyCourseSection).deleteRule('cascade'),
    ...recordVersion,
    title: p.string().length(200),
    seconds: p.integer(),
    isCompleted: p.boolean(),
    position: p.integer(),
  },
  uniques: [{ properties: ['section', 'position'] }],
});
export class AcademyCourseTopic extends AcademyCourseTopicSchema.class {}
AcademyCourseTopicSchema.setClass(AcademyCourseTopic);
