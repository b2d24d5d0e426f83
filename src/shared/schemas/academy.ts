// Academy demo app: courses (list with search, tag filter, hide-completed, sorting, paging) and course details.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { listInput, listOutput, ZId } from './common.ts';

export const COURSE_TAGS = ['Web', 'Design', 'Psychology', 'UI/UX', 'Art'] as const;
export type TCourseTag = (typeof COURSE_TAGS)[number];
/** The label that means "no tag filter". */
export const ALL_COURSES_LABEL = 'All Courses';
export const COURSE_LABELS = [ALL_COURSES_LABEL, ...COURSE_TAGS] as const;
export const COURSE_SORT_KEYS = ['courseName', 'progress'] as const;
export type TCourseSortKey = (typeof COURSE_SORT_KEYS)[number];

export const ZListCoursesInput = listInput(COURSE_SORT_KEYS, {
  label: z.enum(COURSE_LABELS).default(ALL_COURSES_LABEL),
  hideCompleted: z.boolean().default(false),
});
export type TListCoursesInput = z.infer<typeof ZListCoursesInput>;

export const ZCourse = z.object({
  id: z.number().int(),
  user: z.string(),
  image: z.string(),
  tutorImg: z.string(),
  completedTasks: z.number().int(),
  totalTasks: z.number().int(),
  userCount: z.number().int(),
  note: z.number().int(),
  view: z.number().int(),
  time: z.string(),
  logo: z.string(),
  color: z.string(),
  courseTitle: z.string(),
  desc: z.string(),
  tags: z.enum(COURSE_TAGS),
  rating: z.number(),
  ratingCount: z.number().int(),
});
export type TCourse = z.infer<typeof ZCourse>;
export const ZCourseList = listOutput(ZCourse);
export type TCourseList = z.infer<typeof ZCourseList>;

/** Which course's details; without an id, the first course of the catalogue. */
export const ZCourseDetailsInput = z.object({ courseId: ZId.optional() });
export type TCourseDetailsInput = z.infer<typeof ZCourseDetailsInput>;

export const ZCourseTopic = z.object({
  /** The lecture's id, for ticking it (apps.academy.setTopicCompleted). */
  id: z.number().int(),
  title: z.string(),
  time: z.string(),
  isCompleted: z.boolean(),
  /** The lecture's optimistic-lock version, sent back when ticking it. */
  version: z.number().int(),
});
export const ZCourseSection = z.object({
  id: z.string(),
  title: z.string(),
  /** Completed topics over topics, e.g. "2/5". */
  status: z.string(),
  /** Total length of the section's topics, e.g. "18 min". */
  time: z.string(),
  topics: z.array(ZCourseTopic),
});
export const ZCourseDetails = z.object({
  courseId: z.number().int(),
  title: z.string(),
  about: z.string(),
  instructor: z.string(),
  instructorAvatar: z.string(),
  instructorPosition: z.string(),
  skillLevel: z.string(),
  totalStudents: z.number().int(),
  language: z.string(),
  isCaptions: z.boolean(),
  /** Total length of every topic, e.g. "1.4 total hours". */
  length: z.string(),
  totalLectures: z.number().int(),
  /** Lectures ticked as completed (the course's completedTasks). */
  completedLectures: z.number().int(),
  tag: z.enum(COURSE_TAGS),
  description: z.array(z.string()),
  content: z.array(ZCourseSection),
});
export type TCourseDetails = z.infer<typeof ZCourseDetails>;

/**
 * Tick (or untick) one lecture as completed. `version` is the lecture's version the caller read: a lecture
 * changed since (another tab, another person) is CONFLICT, never silently overwritten.
 */
export const ZSetTopicCompletedInput = z.object({
  topicId: ZId,
  isCompleted: z.boolean({ error: msg('academy.isCompleted') }),
  version: z
    .number({ error: msg('academy.version') })
    .int()
    .positive()
    .max(2_147_483_647),
});
export type TSetTopicCompletedInput = z.infer<typeof ZSetTopicCompletedInput>;

/** The academy dashboard's figures, all aggregated in SQL over the caller's copy of the catalogue. */
export const ZAcademySummary = z.object({
  courses: z.number().int(),
  completed: z.number().int(),
  inProgress: z.number().int(),
  notStarted: z.number().int(),
  lectures: z.number().int(),
  completedLectures: z.number().int(),
  /** Hours of lecture time in the catalogue and of the completed lectures, one decimal. */
  hours: z.number(),
  completedHours: z.number(),
  /** Per tag: courses, lectures, completed lectures and the completion percentage (0-100, integer). */
  byTag: z.array(
    z.object({
      tag: z.enum(COURSE_TAGS),
      courses: z.number().int(),
      lectures: z.number().int(),
      completedLectures: z.number().int(),
      percent: z.number().int(),
    }),
  ),
});
export type TAcademySummary = z.infer<typeof ZAcademySummary>;
