// reports.*: saved report definitions and runs, each one service call.
import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZCreateReportInput,
  ZListReportsInput,
  ZReport,
  ZReportList,
  ZReportResult,
  ZRunReportInput,
  ZUpdateReportInput,
} from '../../../../shared/schemas/reports.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { getReport, listReports } from './reports.listing.ts';
import { createReport, deleteReport, runReport, updateReport } from './reports.service.ts';

export const reportsRouter = router({
  list: authedProcedure
    .input(ZListReportsInput.prefault({}))
    .output(ZReportList)
    .query(({ ctx }) => listReports(ctx)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZReport)
    .query(({ ctx, input }) => getReport(ctx, input)),
  create: authedProcedure
    .input(ZCreateReportInput)
    .output(ZReport)
    .mutation(({ ctx, input }) => createReport(ctx, input)),
  update: authedProcedure
    .input(ZUpdateReportInput)
    .output(ZReport)
    .mutation(({ ctx, input }) => updateReport(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteReport(ctx, input)),
  run: authedProcedure
    .input(ZRunReportInput)
    .output(ZReportResult)
    .query(({ ctx, input }) => runReport(ctx, input)),
});
