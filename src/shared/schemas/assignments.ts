// Location assignments: a project's location given to a team and optionally an inspector
// (a `qualitycontrol` member of that team), with the number of planned visits.
// Procedures: assignments.list | byId | create | update | delete | bulkCreate.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { ZCodeRef, ZNameRef } from './business.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputDate, ZVersion } from './common.ts';

export const ZPlannedVisits = z
  .number()
  .int(msg('assignments.plannedVisitsWhole'))
  .min(0, msg('assignments.plannedVisitsMin'))
  .max(366, msg('assignments.plannedVisitsMax'));

export const ZAssignment = z.object({
  id: z.number(),
  version: ZVersion,
  customerId: z.number(),
  projectId: z.number(),
  location: ZCodeRef.extend({ timeZone: z.string() }),
  team: ZNameRef,
  assignee: ZNameRef.nullable(),
  plannedVisits: z.number(),
  /** Slots planned so far, and tasks by outcome. */
  slots: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TAssignment = z.infer<typeof ZAssignment>;

export const ASSIGNMENT_SORT_KEYS = ['location', 'team', 'assignee', 'plannedVisits', 'createdAt'] as const;
/** q matches the location's code and name. */
export const ZListAssignmentsInput = listInput(ASSIGNMENT_SORT_KEYS, {
  /** Changed at or after this instant (incremental sync of the business API). */
  updatedSince: ZInputDate.optional(),
  projectId: ZId,
  teamId: ZId.optional(),
  assigneeId: ZId.optional(),
  locationId: ZId.optional(),
});
export type TListAssignmentsInput = z.infer<typeof ZListAssignmentsInput>;
export const ZAssignmentList = listOutput(ZAssignment);

export const ZCreateAssignmentInput = z.object({
  projectId: ZId,
  locationId: ZId,
  teamId: ZId,
  assigneeId: ZId.nullable().optional(),
  plannedVisits: ZPlannedVisits,
});
export type TCreateAssignmentInput = z.infer<typeof ZCreateAssignmentInput>;

/** Assign many locations at once with the same team, inspector and visits (locations already assigned are updated). */
export const ZBulkAssignInput = z.object({
  projectId: ZId,
  locationIds: z.array(ZId).min(1, msg('assignments.locationsRequired')).max(5000, msg('assignments.locationsMax')),
  teamId: ZId,
  assigneeId: ZId.nullable().optional(),
  plannedVisits: ZPlannedVisits,
});
export type TBulkAssignInput = z.infer<typeof ZBulkAssignInput>;

export const ZUpdateAssignmentInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  teamId: ZId.optional(),
  assigneeId: ZId.nullable().optional(),
  plannedVisits: ZPlannedVisits.optional(),
});
export type TUpdateAssignmentInput = z.infer<typeof ZUpdateAssignmentInput>;

/** Answer of bulkCreate: how many locations were newly assigned, and how many existing assignments changed. */
export const ZBulkAssignResult = z.object({ created: z.number(), updated: z.number(), unchanged: z.number() });
export type TBulkAssignResult = z.infer<typeof ZBulkAssignResult>;
