// assignments.*: a project's location assignments, each procedure one service call.
import {
  ZAssignment,
  ZAssignmentList,
  ZBulkAssignInput,
  ZBulkAssignResult,
  ZCreateAssignmentInput,
  ZListAssignmentsInput,
  ZUpdateAssignmentInput,
} from '../../../../shared/schemas/assignments.ts';
import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as assignments from './assignments.service.ts';

export const assignmentsRouter = router({
  // The project is required: no `prefault`, unlike lists whose input may be omitted.
  list: authedProcedure
    .input(ZListAssignmentsInput)
    .output(ZAssignmentList)
    .query(({ ctx, input }) => assignments.listAssignments(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZAssignment)
    .query(({ ctx, input }) => assignments.getAssignment(ctx, input)),
  create: authedProcedure
    .input(ZCreateAssignmentInput)
    .output(ZAssignment)
    .mutation(({ ctx, input }) => assignments.createAssignment(ctx, input)),
  update: authedProcedure
    .input(ZUpdateAssignmentInput)
    .output(ZAssignment)
    .mutation(({ ctx, input }) => assignments.updateAssignment(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => assignments.deleteAssignment(ctx, input)),
  bulkCreate: authedProcedure
    .input(ZBulkAssignInput)
    .output(ZBulkAssignResult)
    .mutation(({ ctx, input }) => assignments.bulkAssign(ctx, input)),
});
