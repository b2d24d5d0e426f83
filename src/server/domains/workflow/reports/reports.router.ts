// reports.* (issue 13): saved report definitions and runs, each one service call.

import { z } from 'zod';
import {
  ZCreateReportInput,
  ZReport,
  ZReportList,
  ZReportResult,
  ZRunReportInput,
  ZUpdateReportInput,
} from '../../../../shared/schemas/reports.ts';
import { router } from '../../../trpc/init.ts';
import { listQuery, recordProcedures } from '../../../trpc/procedures.ts';
import * as reports from './reports.service.ts';

const p = recordProcedures(ZReport);

export const reportsRouter = router({
  list: listQuery(z.object({}), ZReportList, (ctx) => reports.listReports(ctx)),
  byId: p.byId(reports.getReport),
  create: p.mutation(ZCreateReportInput, reports.createReport),
  update: p.mutation(ZUpdateReportInput, reports.updateReport),
  delete: p.delete(reports.deleteReport),
  run: p.query(ZRunReportInput, ZReportResult, reports.runReport),
});
