import {
  ZAssignment,
  ZAssignmentList,
  ZBulkAssignInput,
  ZBulkAssignResult,
  ZCreateAssignmentInput,
  ZListAssignmentsInput,
  ZUpdateAssignmentInput,
} from '../../../../shared/schemas/assignments.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as assignments from './assignments.service.ts';

const p = recordProcedures(ZAssignment);

export const assignmentsRouter = router({
  // The project is required: no `prefault`, unlike lists whose input may be omitted.
  list: authedProcedure
    .input(ZListAssignmentsInput)
    .output(ZAssignmentList)
    .query(({ ctx, input }) => assignments.listAssignments(ctx, input)),
  byId: p.byId(assignments.getAssignment),
  create: p.mutation(ZCreateAssignmentInput, assignments.createAssignment),
  update: p.mutation(ZUpdateAssignmentInput, assignments.updateAssignment),
  delete: p.delete(assignments.deleteAssignment),
  bulkCreate: authedProcedure
    .input(ZBulkAssignInput)
    .output(ZBulkAssignResult)
    .mutation(({ ctx, input }) => assignments.bulkAssign(ctx, input)),
});
