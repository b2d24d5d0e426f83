// The lists behind the dashboards' numbers. Every number links only when a list
// filter shows exactly what it counts (shell/links.ts decides whether the caller may open the page).
// /tasks reads `from`/`to` as local days (the `to` day included): the dashboards' periods are the
// customer's days and weeks, the same days when the browser is in the customer's zone.

/** A local day `YYYY-MM-DD` of an instant (the browser's zone, as /tasks reads it). */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function tasksHref(filters: {
  status?: string[];
  teamId?: number | null;
  projectId?: number;
  assigneeId?: number;
  locationId?: number;
  directionId?: number;
  period?: { from: Date; to: Date };
}): string {
  const params = new URLSearchParams();
  if (filters.status?.length) params.set('status', filters.status.join(','));
  if (filters.projectId) params.set('projectId', String(filters.projectId));
  if (filters.teamId) params.set('teamId', String(filters.teamId));
  if (filters.assigneeId) params.set('assigneeId', String(filters.assigneeId));
  if (filters.locationId) params.set('locationId', String(filters.locationId));
  if (filters.directionId) params.set('directionId', String(filters.directionId));
  if (filters.period) {
    params.set('from', localDay(filters.period.from));
    params.set('to', localDay(new Date(filters.period.to.getTime() - 1)));
  }
  const query = params.toString();
  return query ? `/tasks?${query}` : '/tasks';
}

/** /tasks/actions filtered to the corrective actions a number counts (open, or overdue: open past due). */
export function actionsHref(filters: { teamId?: number | null; status?: 'open'; overdue?: boolean }): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.overdue) params.set('overdue', 'true');
  if (filters.teamId) params.set('teamId', String(filters.teamId));
  return `/tasks/actions?${params.toString()}`;
}
