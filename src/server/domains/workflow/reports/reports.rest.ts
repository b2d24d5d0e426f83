// REST: GET /api/reports/export.csv?kind=<kind>&<filters> — the rows of one report run as CSV (the same
// service call as reports.run: scope, filters and refusals are the service's).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type TReportResult, ZReportExportInput } from '../../../../shared/schemas/reports.ts';
import { type CsvColumn, csvStream } from '../../../lib/csv.ts';
import { runReport } from './reports.service.ts';

type Line = readonly unknown[];

/** The report's table as CSV headers and lines (rates as 0..1 fractions, as the API gives them). */
export function reportTable(result: TReportResult): { headers: string[]; lines: Line[] } {
  const figures = [
    'planned',
    'approved',
    'passed',
    'completion',
    'pass_rate',
    'average_score',
    'on_time',
    'on_time_rate',
    'reworked',
    'rework_rate',
  ];
  const figureValues = (r: {
    planned: number;
    approved: number;
    passed: number;
    completion: number | null;
    passRate: number | null;
    averageScore: number | null;
    onTime: number;
    onTimeRate: number | null;
    reworked: number;
    reworkRate: number | null;
  }) => [
    r.planned,
    r.approved,
    r.passed,
    r.completion,
    r.passRate,
    r.averageScore,
    r.onTime,
    r.onTimeRate,
    r.reworked,
    r.reworkRate,
  ];
  switch (result.kind) {
    case 'project_summary':
      return {
        headers: ['project_id', 'project_code', 'project_name', ...figures],
        lines: result.rows.map((r) => [r.project.id, r.project.code, r.project.name, ...figureValues(r)]),
      };
    case 'team_performance':
      return {
        headers: ['team_id', 'team_name', ...figures],
        lines: result.rows.map((r) => [r.team.id, r.team.name, ...figureValues(r)]),
      };
    case 'location_ranking':
      return {
        headers: [
          'rank',
          'location_id',
          'location_code',
          'location_name',
          'direction',
          'sub_direction',
          'class',
          'approved',
          'pass_rate',
          'average_score',
          'trend_per_month',
        ],
        lines: result.rows.map((r) => [
          r.rank,
          r.location.id,
          r.location.code,
          r.location.name,
          r.direction?.name,
          r.subDirection?.name,
          r.class?.name,
          r.approved,
          r.passRate,
          r.averageScore,
          r.trend,
        ]),
      };
    case 'question_breakdown':
      return {
        headers: ['question_key', 'question', 'answered', 'failed', 'passed', 'na', 'fail_rate'],
        lines: result.rows.map((r) => [r.questionKey, r.text, r.answered, r.failed, r.passed, r.na, r.failRate]),
      };
  }
}

export const reportsRest: FastifyPluginAsync = async (app) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/reports/export.csv', { schema: { querystring: ZReportExportInput } }, async (request, reply) => {
      const { kind, ...filters } = request.query;
      const result = await runReport(request.serviceContext(), { kind, filters });
      const { headers, lines } = reportTable(result);
      const columns: CsvColumn<Line>[] = headers.map((header, i) => ({ header, value: (line) => line[i] }));
      async function* batches(): AsyncGenerator<Line[]> {
        yield lines;
      }
      const stamp = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="report-${kind}-${stamp}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(csvStream(columns, batches()));
    });
};
