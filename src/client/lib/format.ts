// Dates and numbers formatted for the current language (Intl), shared by list pages.
import { useTranslation } from 'react-i18next';

export interface Formatters {
  date(value: Date | string | null | undefined): string;
  dateTime(value: Date | string | null | undefined): string;
  number(value: number | null | undefined): string;
}

const cache = new Map<string, Formatters>();

/** The formatters of a language, made once: building Intl formatters is slow (~5 ms for the first). */
export function formattersFor(language: string): Formatters {
  let formatters = cache.get(language);
  if (!formatters) cache.set(language, (formatters = makeFormatters(language)));
  return formatters;
}

function makeFormatters(language: string): Formatters {
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(language);
  const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
  return {
    date: (v) => (v ? date.format(toDate(v)) : '—'),
    dateTime: (v) => (v ? dateTime.format(toDate(v)) : '—'),
    number: (v) => (v == null ? '—' : number.format(v)),
  };
}

/** Formatters for the current i18n language. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  return formattersFor(i18n.language);
}

/** `YYYY-MM-DD` of a date in UTC (what `<input type="date">` shows and `z.coerce.date()` reads back). */
export function toDateInput(value: Date | string | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}
