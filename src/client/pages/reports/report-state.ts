// The report view's state in the URL (`/reports?kind=…&projectId=…&from=2026-01…&report=<saved id>`), so a
// reload or a shared link shows the same report; and the drill-down links to the tasks behind a number.
import {
  REPORT_KINDS,
  type TReportFilters,
  type TReportKind,
  ZReportFilters,
} from '../../../shared/schemas/reports.ts';

export const FILTER_KEYS = ['projectId', 'from', 'to', 'directionId', 'subDirectionId', 'classId', 'teamId'] as const;

export interface ReportState {
  kind: TReportKind;
  filters: TReportFilters;
  /** The saved report on screen, if any. */
  reportId: number | null;
}

/** The state of a URL query; unknown or malformed values are dropped (the server would refuse them). */
export function parseReportState(search: string): ReportState {
  const params = new URLSearchParams(search);
  const kindParam = params.get('kind');
  const kind = (REPORT_KINDS as readonly string[]).includes(kindParam ?? '')
    ? (kindParam as TReportKind)
    : 'project_summary';
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) raw[key] = value;
  }
  const parsed = ZReportFilters.safeParse(raw);
  let filters: TReportFilters = {};
  if (parsed.success) filters = parsed.data;
  else {
    // Keep each value that is valid on its own.
    for (const key of FILTER_KEYS) {
      if (raw[key] === undefined) continue;
      const one = ZReportFilters.safeParse({ [key]: raw[key] });
      if (one.success) filters = { ...filters, ...one.data };
    }
  }
  const id = Number(params.get('report'));
  return { kind, filters, reportId: Number.isInteger(id) && id > 0 ? id : null };
}

export function reportQuery(state: ReportState): string {
  const params = new URLSearchParams();
  if (state.reportId !== null) params.set('report', String(state.reportId));
  params.set('kind', state.kind);
  for (const key of FILTER_KEYS) {
    const value = state.filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** The last day (`YYYY-MM-DD`) of a `YYYY-MM` month. */
function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const day = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

/**
 * `/tasks` filtered to the approved tasks behind a number: the report's filters, narrowed by `extra`
 * (a project, team, location or month). Days are the tasks list's own (local days of the slots' starts).
 */
export function tasksLink(
  filters: TReportFilters,
  extra: { projectId?: number; teamId?: number; locationId?: number; month?: string } = {},
): string {
  const params = new URLSearchParams({ status: 'approved' });
  const projectId = extra.projectId ?? filters.projectId;
  const teamId = extra.teamId ?? filters.teamId;
  if (projectId) params.set('projectId', String(projectId));
  if (teamId) params.set('teamId', String(teamId));
  if (extra.locationId) params.set('locationId', String(extra.locationId));
  for (const key of ['directionId', 'subDirectionId', 'classId'] as const)
    if (filters[key]) params.set(key, String(filters[key]));
  const from = extra.month ?? filters.from;
  const to = extra.month ?? filters.to;
  if (from) params.set('from', `${from}-01`);
  if (to) params.set('to', lastDay(to));
  return `/tasks?${params.toString()}`;
}

/** `GET /api/reports/export.csv` for the state. */
export function exportLink(state: ReportState): string {
  const params = new URLSearchParams({ kind: state.kind });
  for (const key of FILTER_KEYS) {
    const value = state.filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `/api/reports/export.csv?${params.toString()}`;
}
