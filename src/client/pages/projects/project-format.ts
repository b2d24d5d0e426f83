// Formatting of a project's figures for the pages of this area.
/** A `YYYY-MM-DD` day as a local date (no time zone shift). */
export function localDay(value: string): Date {
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** `YYYY-MM-DD` of a local date. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "3 Mar 2026 – 30 Apr 2026" in the language's words. */
export function formatPeriod(start: string, end: string, language: string): string {
  const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  try {
    return format.formatRange(localDay(start), localDay(end));
  } catch {
    return `${format.format(localDay(start))} – ${format.format(localDay(end))}`;
  }
}

/** A 0..100 rate as a percentage in the language's form ("45.5%", "45,5 %"), or a dash when there is none. */
export function percent(rate: number | null | undefined, language: string): string {
  return rate == null
    ? '—'
    : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(rate / 100);
}
