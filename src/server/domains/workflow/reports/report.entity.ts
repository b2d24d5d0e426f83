import { defineEntity, p } from '@mikro-orm/core';
import { REPORT_KINDS, type TReportFilters, type TReportKind } from '../../../../shared/schemas/reports.ts';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { User } from '../../organization/users/user.entity.ts';

/**
 * A saved report definition: a kind and its filters under a name, kept by its
 * owner and, when `shared`, offered to everyone of the owner's customer who may read reports (each
 * reader still sees only their own scope when it runs). The superadmin's belong to no customer.
 */
export const ReportSchema = defineEntity({
  name: 'Report',
  tableName: 'reports',
  properties: {
    ...baseProperties,
    ...recordVersion,
    customer: () => p.manyToOne(Customer).nullable().deleteRule('cascade'),
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    name: p.string().length(80),
    kind: p.enum([...REPORT_KINDS]).$type<TReportKind>(),
    filters: p.json<TReportFilters>(),
    shared: p.boolean().default(false),
  },
  uniques: [{ name: 'reports_owner_id_name_unique', properties: ['owner', 'name'] }],
  indexes: [{ name: 'reports_customer_id_shared_index', properties: ['customer', 'shared'] }],
});
export class Report extends ReportSchema.class {}
ReportSchema.setClass(Report);

/*
 * The report rollups (migration reports): kept by statement-level triggers on `tasks` in the same
 * transaction as every task write (insert, status change, re-score, move, delete), whoever writes.
 * Nothing else writes them. Keys are plain ids (no foreign keys: a rollup never blocks a delete).
 * `month` is the first day of the month of the task's slot start, in its customer's time zone.
 */

/** Tasks per (customer, project, location, team, slot month). */
export const ReportTaskMonthlySchema = defineEntity({
  name: 'ReportTaskMonthly',
  tableName: 'report_task_monthly',
  properties: {
    customerId: p.integer().primary(),
    projectId: p.integer().primary(),
    locationId: p.integer().primary(),
    teamId: p.integer().primary(),
    month: p.date().primary(),
    /** Tasks not cancelled (the completion's denominator). */
    planned: p.integer().default(0),
    approved: p.integer().default(0),
    /** Approved and passed. */
    passed: p.integer().default(0),
    /** Approved with a score (the average's denominator). */
    scored: p.integer().default(0),
    scoreSum: p.decimal('number').precision(14).scale(1).default(0),
    /** Approved and submitted (last time) no later than the slot's end. */
    onTime: p.integer().default(0),
    /** Approved after at least one rework round. */
    reworked: p.integer().default(0),
  },
  indexes: [
    { name: 'report_task_monthly_customer_id_month_index', properties: ['customerId', 'month'] },
    { name: 'report_task_monthly_customer_id_team_id_month_index', properties: ['customerId', 'teamId', 'month'] },
    {
      name: 'report_task_monthly_customer_id_location_id_month_index',
      properties: ['customerId', 'locationId', 'month'],
    },
  ],
});
export class ReportTaskMonthly extends ReportTaskMonthlySchema.class {}
ReportTaskMonthlySchema.setClass(ReportTaskMonthly);

/** Approved tasks' question outcomes per (customer, project, location, team, slot month, question key). */
export const ReportQuestionMonthlySchema = defineEntity({
  name: 'ReportQuestionMonthly',
  tableName: 'report_question_monthly',
  properties: {
    customerId: p.integer().primary(),
    projectId: p.integer().primary(),
    locationId: p.integer().primary(),
    teamId: p.integer().primary(),
    month: p.date().primary(),
    questionKey: p.string().length(64).primary(),
    failed: p.integer().default(0),
    passed: p.integer().default(0),
    na: p.integer().default(0),
  },
  indexes: [
    {
      name: 'report_question_monthly_customer_id_location_id_month_index',
      properties: ['customerId', 'locationId', 'month'],
    },
  ],
});
export class ReportQuestionMonthly extends ReportQuestionMonthlySchema.class {}
ReportQuestionMonthlySchema.setClass(ReportQuestionMonthly);

/** The same outcomes without the location (20× fewer rows): read when no location filter applies. */
export const ReportQuestionTeamMonthlySchema = defineEntity({
  name: 'ReportQuestionTeamMonthly',
  tableName: 'report_question_team_monthly',
  properties: {
    customerId: p.integer().primary(),
    projectId: p.integer().primary(),
    teamId: p.integer().primary(),
    month: p.date().primary(),
    questionKey: p.string().length(64).primary(),
    failed: p.integer().default(0),
    passed: p.integer().default(0),
    na: p.integer().default(0),
  },
  indexes: [{ name: 'report_question_team_monthly_customer_id_month_index', properties: ['customerId', 'month'] }],
});
export class ReportQuestionTeamMonthly extends ReportQuestionTeamMonthlySchema.class {}
ReportQuestionTeamMonthlySchema.setClass(ReportQuestionTeamMonthly);

/*
 * The smaller rollups (migration report_segment_rollups), kept by their own triggers on `tasks` and one on
 * `locations` (a location changing sub-direction or class moves its contribution). `locationClassId` 0
 * stands for a location without a class.
 */

/** The task sums of report_task_monthly per (customer, project, team, sub-direction, class, month). */
export const ReportTaskSegmentMonthlySchema = defineEntity({
  name: 'ReportTaskSegmentMonthly',
  tableName: 'report_task_segment_monthly',
  properties: {
    customerId: p.integer().primary(),
    projectId: p.integer().primary(),
    teamId: p.integer().primary(),
    subDirectionId: p.integer().primary(),
    locationClassId: p.integer().primary(),
    month: p.date().primary(),
    planned: p.integer().default(0),
    approved: p.integer().default(0),
    passed: p.integer().default(0),
    scored: p.integer().default(0),
    scoreSum: p.decimal('number').precision(14).scale(1).default(0),
    onTime: p.integer().default(0),
    reworked: p.integer().default(0),
  },
  indexes: [{ name: 'report_task_segment_monthly_customer_id_month_index', properties: ['customerId', 'month'] }],
});
export class ReportTaskSegmentMonthly extends ReportTaskSegmentMonthlySchema.class {}
ReportTaskSegmentMonthlySchema.setClass(ReportTaskSegmentMonthly);

/** Question outcomes per (customer, project, team, sub-direction, class, month, question key). */
export const ReportQuestionSegmentMonthlySchema = defineEntity({
  name: 'ReportQuestionSegmentMonthly',
  tableName: 'report_question_segment_monthly',
  properties: {
    customerId: p.integer().primary(),
    projectId: p.integer().primary(),
    teamId: p.integer().primary(),
    subDirectionId: p.integer().primary(),
    locationClassId: p.integer().primary(),
    month: p.date().primary(),
    questionKey: p.string().length(64).primary(),
    failed: p.integer().default(0),
    passed: p.integer().default(0),
    na: p.integer().default(0),
  },
  indexes: [
    {
      name: 'report_question_segment_monthly_class_month_index',
      properties: ['customerId', 'locationClassId', 'month'],
    },
    {
      name: 'report_question_segment_monthly_sub_direction_month_index',
      properties: ['customerId', 'subDirectionId', 'month'],
    },
  ],
});
export class ReportQuestionSegmentMonthly extends ReportQuestionSegmentMonthlySchema.class {}
ReportQuestionSegmentMonthlySchema.setClass(ReportQuestionSegmentMonthly);

/** Approved tasks' score sums per (customer, location, month, team), over every project: the location ranking. */
export const ReportLocationMonthlySchema = defineEntity({
  name: 'ReportLocationMonthly',
  tableName: 'report_location_monthly',
  properties: {
    customerId: p.integer().primary(),
    locationId: p.integer().primary(),
    month: p.date().primary(),
    teamId: p.integer().primary(),
    approved: p.integer().default(0),
    passed: p.integer().default(0),
    scored: p.integer().default(0),
    scoreSum: p.decimal('number').precision(14).scale(1).default(0),
  },
  indexes: [{ name: 'report_location_monthly_customer_id_team_id_index', properties: ['customerId', 'teamId'] }],
});
export class ReportLocationMonthly extends ReportLocationMonthlySchema.class {}
ReportLocationMonthlySchema.setClass(ReportLocationMonthly);
