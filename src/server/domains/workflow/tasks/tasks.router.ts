// tasks.*: reads and the lifecycle's transitions, each one service call.
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZApproveTaskInput,
  ZCancelTaskInput,
  ZKeepOfflineWorkInput,
  ZKeptOfflineWork,
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
import { getTaskHistory } from './task-history.service.ts';
import { keepOfflineWork } from './task-offline.service.ts';
import * as tasks from './tasks.service.ts';

export const tasksRouter = router({
  list: authedProcedure
    .input(ZListTasksInput.prefault({}))
    .output(ZTaskList)
    .query(({ ctx, input }) => tasks.listTasks(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZTaskDetail)
    .query(({ ctx, input }) => tasks.getTask(ctx, input)),
  bySlot: authedProcedure
    .input(ZTaskBySlotInput)
    .output(ZTaskDetail)
    .query(({ ctx, input }) => tasks.getTaskBySlot(ctx, input)),
  history: authedProcedure
    .input(ZByIdInput)
    .output(ZTaskHistory)
    .query(({ ctx, input }) => getTaskHistory(ctx, input)),
  start: authedProcedure
    .input(ZStartTaskInput)
    .output(ZTaskDetail)
    .mutation(({ ctx, input }) => tasks.startTask(ctx, input)),
  // Autosave answers the new version and the stored answers, not the whole task.
  saveAnswers: authedProcedure
    .input(ZSaveAnswersInput)
    .output(ZSavedAnswers)
    .mutation(({ ctx, input }) => tasks.saveAnswers(ctx, input)),
  submit: authedProcedure
    .input(ZSubmitTaskInput)
    .output(ZTaskDetail)
    .mutation(({ ctx, input }) => tasks.submitTask(ctx, input)),
  approve: authedProcedure
    .input(ZApproveTaskInput)
    .output(ZTaskDetail)
    .mutation(({ ctx, input }) => tasks.approveTask(ctx, input)),
  reject: authedProcedure
    .input(ZRejectTaskInput)
    .output(ZTaskDetail)
    .mutation(({ ctx, input }) => tasks.rejectTask(ctx, input)),
  resume: authedProcedure
    .input(ZResumeTaskInput)
    .output(ZTaskDetail)
    .mutation(({ ctx, input }) => tasks.resumeTask(ctx, input)),
  // Work done offline on a task the server then refused, kept in its history for the reviewer.
  keepOfflineWork: authedProcedure
    .input(ZKeepOfflineWorkInput)
    .output(ZKeptOfflineWork)
    .mutation(({ ctx, input }) => keepOfflineWork(ctx, input)),
  cancel: authedProcedure
    .input(ZCancelTaskInput)
    .output(ZTaskDetail)
    .mutation(({ ctx, input }) => tasks.cancelTask(ctx, input)),
});
