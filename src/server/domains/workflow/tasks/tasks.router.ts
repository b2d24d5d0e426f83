// tasks.* (CONTRACTS.md "Workflow over tRPC"): reads and the lifecycle's transitions, each one service call.

import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZApproveTaskInput,
  ZCancelTaskInput,
  ZListTasksInput,
  ZRejectTaskInput,
  ZResumeTaskInput,
  ZSaveAnswersInput,
  ZSavedAnswers,
  ZStartTaskInput,
  ZSubmitTaskInput,
  ZTaskBySlotInput,
  ZTaskDetail,
  ZTaskHistory,
  ZTaskList,
} from '../../../../shared/schemas/tasks.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import { getTaskHistory } from './task-history.service.ts';
import * as tasks from './tasks.service.ts';

const p = recordProcedures(ZTaskDetail);

export const tasksRouter = router({
  list: p.list(ZListTasksInput, ZTaskList, tasks.listTasks),
  byId: p.byId(tasks.getTask),
  bySlot: p.query(ZTaskBySlotInput, ZTaskDetail, tasks.getTaskBySlot),
  history: p.query(ZByIdInput, ZTaskHistory, (ctx, input) => getTaskHistory(ctx, input.id)),
  start: p.mutation(ZStartTaskInput, tasks.startTask),
  // Autosave answers the new version and the stored answers, not the whole task (tasks.service.ts).
  saveAnswers: authedProcedure
    .input(ZSaveAnswersInput)
    .output(ZSavedAnswers)
    .mutation(({ ctx, input }) => tasks.saveAnswers(ctx, input)),
  submit: p.mutation(ZSubmitTaskInput, tasks.submitTask),
  approve: p.mutation(ZApproveTaskInput, tasks.approveTask),
  reject: p.mutation(ZRejectTaskInput, tasks.rejectTask),
  resume: p.mutation(ZResumeTaskInput, tasks.resumeTask),
  cancel: p.mutation(ZCancelTaskInput, tasks.cancelTask),
});
