import { describe, expect, it } from 'vitest';
import { exportLink, parseReportState, reportQuery, tasksLink } from './report-state.ts';

describe('report URL state', () => {
  it('round-trips kind, filters and the saved report', () => {
    const state = parseReportState('report=4&kind=team_performance&projectId=7&from=2026-01&to=2026-03&teamId=2');
    expect(state).toEqual({
      kind: 'team_performance',
      reportId: 4,
      filters: { projectId: 7, from: '2026-01', to: '2026-03', teamId: 2 },
    });
    expect(parseReportState(reportQuery(state))).toEqual(state);
  });

  it('drops malformed values and keeps the valid ones', () => {
    expect(parseReportState('kind=nope&from=2026-13&projectId=5&to=2026-02')).toEqual({
      kind: 'project_summary',
      reportId: null,
      filters: { projectId: 5, to: '2026-02' },
    });
  });

  it('links a number to the approved tasks behind it', () => {
    expect(tasksLink({ projectId: 3, from: '2026-01', to: '2026-02', classId: 9 }, { locationId: 12 })).toBe(
      '/tasks?status=approved&projectId=3&locationId=12&classId=9&from=2026-01-01&to=2026-02-28',
    );
    expect(tasksLink({}, { month: '2024-02', teamId: 1 })).toBe(
      '/tasks?status=approved&teamId=1&from=2024-02-01&to=2024-02-29',
    );
    expect(exportLink({ kind: 'location_ranking', reportId: 1, filters: { directionId: 2 } })).toBe(
      '/api/reports/export.csv?kind=location_ranking&directionId=2',
    );
  });
});
