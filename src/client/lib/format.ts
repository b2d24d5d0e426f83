// Dates, numbers and money formatted for the current language (Intl), shared by the pages.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZoned, formatZonedRange, runtimeZone } from '../../shared/time/zoned.ts';

export interface Formatters {
  date(value: Date | string | null | undefined): string;
  dateTime(value: Date | string | null | undefined): string;
  number(value: number | null | undefined): string;
  /** A calendar day given as `YYYY-MM-DD` ("Mar 4, 2026"), the same day in every zone; other text as it is. */
  day(value: string | null | undefined): string;
  /** A time at a place, on its clock (`zone`), the zone named when this browser's clock can read differently. */
  zoned(value: Date | string | null | undefined, zone: string): string;
  /** A window at a place ("Nov 28, 2026, 3:30 – 5:30 PM"), on its clock as `zoned`. */
  window(start: Date | string | null | undefined, end: Date | string | null | undefined, zone: string): string;
}

const cache = new Map<string, Formatters>();

/** The formatters of a language, made once: building Intl formatters is slow (~5 ms for the first). */
export function formattersFor(language: string): Formatters {
  let formatters = cache.get(language);
  if (!formatters) cache.set(language, (formatters = makeFormatters(language)));
  return formatters;
}

/** A value made on first use: each Intl formatter costs its locale data, and a page uses only some. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

function makeFormatters(language: string): Formatters {
  const date = once(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }));
  const dateTime = once(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }));
  const day = once(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }));
  const number = once(() => new Intl.NumberFormat(language));
  const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));
  const readerZone = runtimeZone();
  return {
    date: (v) => (v ? date().format(toDate(v)) : '—'),
    dateTime: (v) => (v ? dateTime().format(toDate(v)) : '—'),
    number: (v) => (v == null ? '—' : number().format(v)),
    day: (v) => (!v ? '—' : /^\d{4}-\d{2}-\d{2}$/.test(v) ? day().format(new Date(`${v}T00:00:00Z`)) : v),
    zoned: (v, zone) => formatZoned(v, { language, zone, readerZone }),
    window: (start, end, zone) => formatZonedRange(start, end, { language, zone, readerZone }),
  };
}

/** Formatters for the current i18n language. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  return formattersFor(i18n.language);
}

/** Report and dashboard figures: rates as percentages, scores with one decimal, `YYYY-MM` months. */
export interface ScoreFormats {
  percent: (value: number | null | undefined) => string;
  decimal: (value: number | null | undefined) => string;
  /** A `YYYY-MM` month as "Mar 2026"; any other text as it is. */
  month: (value: unknown) => string;
}

const scoreCache = new Map<string, ScoreFormats>();

/** The score formats of a language, made once. */
export function scoreFormatsFor(language: string): ScoreFormats {
  let formats = scoreCache.get(language);
  if (formats) return formats;
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const month = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', timeZone: 'UTC' });
  formats = {
    percent: (v) => (v == null ? '—' : percent.format(v)),
    decimal: (v) => (v == null ? '—' : decimal.format(v)),
    month: (v) =>
      typeof v === 'string' && /^\d{4}-\d{2}$/.test(v)
        ? month.format(new Date(`${v}-01T00:00:00Z`))
        : typeof v === 'string'
          ? v
          : '',
  };
  scoreCache.set(language, formats);
  return formats;
}

/** Score formats for the current i18n language. */
export function useScoreFormats(): ScoreFormats {
  const { i18n } = useTranslation();
  return scoreFormatsFor(i18n.language);
}

export interface MoneyOptions {
  /** ISO 4217 code (default `USD`, the sample shop's); `null`: the amount alone with two decimals. */
  currency?: string | null;
  /** Whole units only ("€29" on the pricing page). */
  whole?: boolean;
}

/** Formats an amount; `null` or `undefined` shows as "—". */
export type MoneyFormat = (amount: number | string | null | undefined) => string;

/**
 * An amount formatter for a language: "$1,249.99" in English, "1 249,99 $US" in French. A string
 * amount may carry a leading "$" (some REST shapes send "$249.99").
 */
export function moneyFormatter(language: string, { currency = 'USD', whole = false }: MoneyOptions = {}): MoneyFormat {
  const digits = whole ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const format = new Intl.NumberFormat(language, currency ? { style: 'currency', currency, ...digits } : digits);
  return (amount) => {
    if (amount == null || amount === '') return '—';
    return format.format(typeof amount === 'number' ? amount : Number(amount.replace(/^\$/, '')));
  };
}

/** `moneyFormatter` for the current i18n language. */
export function useMoney(options: MoneyOptions = {}): MoneyFormat {
  const { i18n } = useTranslation();
  const { currency, whole } = options;
  return useMemo(() => moneyFormatter(i18n.language, { currency, whole }), [i18n.language, currency, whole]);
}

/** `YYYY-MM-DD` of a date in UTC (what `<input type="date">` shows and `z.coerce.date()` reads back). */
export function toDateInput(value: Date | string | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}
