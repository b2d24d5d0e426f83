// The query string of a list's CSV export (GET /api/export/<domain>.csv?...): the list input
// without paging, so the file holds every row that matches the current search, filters and sort.
export function exportQuery(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (key === 'page' || key === 'itemsPerPage' || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
