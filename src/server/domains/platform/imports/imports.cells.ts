// From cell text to the values the domains' own input schemas take, and their errors by line and
// column: booleans, numbers, opening hours (`mon 08:00-12:00,13:00-18:00; tue …`), zod issues mapped
// back to the file's columns. Nothing here validates a record: the domain schemas do.
import type { ZodError } from 'zod';
import { issueParams } from '../../../../shared/errors/issues.ts';
import { type ErrorKey, type ErrorValues, formatMessage } from '../../../../shared/errors/messages.ts';
import { isValidationKey } from '../../../../shared/errors/validation.ts';
import type { TImportError } from '../../../../shared/schemas/imports.ts';
import type { TWeekday } from '../../../../shared/schemas/locations.ts';
import { type AppError, zodIssueText } from '../../../lib/app-error.ts';

/** A cell refused: thrown by the converters below, caught per row. */
export class CellError extends Error {
  readonly column: string;
  readonly key: ErrorKey;
  readonly values: ErrorValues;
  constructor(column: string, key: ErrorKey, values: ErrorValues = {}) {
    super(formatMessage(key, values));
    this.column = column;
    this.key = key;
    this.values = values;
  }
}

export function cellError(line: number, error: CellError): TImportError {
  return { line, column: error.column, message: error.message, key: error.key, values: error.values };
}

/** An AppError (a domain's own refusal) as the error of one row. */
export function appError(line: number, column: string | null, error: AppError): TImportError {
  return { line, column, message: error.message, key: error.key, values: error.values };
}

/** The zod issues of one row, each on the file's column (`paths` maps a schema field to it). */
export function zodErrors(line: number, error: ZodError, paths: Record<string, string>): TImportError[] {
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    const params = Object.fromEntries(
      Object.entries(issueParams(issue)).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
    ) as ErrorValues;
    return {
      line,
      column: paths[field] ?? (field || null),
      message: zodIssueText(issue),
      ...(isValidationKey(issue.message) ? { key: `validation:${issue.message}`, values: params } : {}),
    };
  });
}

/** The cell, or undefined when the file has no such column (an existing record keeps its value then). */
export function present(cells: Record<string, string>, column: string): string | undefined {
  return cells[column];
}

const TRUE = new Set(['true', '1', 'yes', 'y', 'oui', 'vrai', 'ja', 'wahr', 'نعم', 'x']);
const FALSE = new Set(['false', '0', 'no', 'n', 'non', 'faux', 'nein', 'falsch', 'لا']);

/** `true`/`false` (an XLSX boolean cell reads the same; yes/no in the four languages too); empty: undefined. */
export function booleanCell(cells: Record<string, string>, column: string): boolean | undefined {
  const text = cells[column];
  if (text === undefined || text === '') return undefined;
  const lower = text.toLowerCase();
  if (TRUE.has(lower)) return true;
  if (FALSE.has(lower)) return false;
  throw new CellError(column, 'imports.booleanExpected', { value: text.slice(0, 40) });
}

/** A number (a decimal comma is read too); empty: null; absent: undefined. */
export function numberCell(cells: Record<string, string>, column: string): number | null | undefined {
  const text = cells[column];
  if (text === undefined) return undefined;
  if (text === '') return null;
  const value = Number(text.replace(/\s/g, '').replace(',', '.'));
  if (!Number.isFinite(value)) throw new CellError(column, 'imports.numberExpected', { value: text.slice(0, 40) });
  return value;
}

/** Text; empty: null; absent: undefined. */
export function textCell(cells: Record<string, string>, column: string): string | null | undefined {
  const text = cells[column];
  if (text === undefined) return undefined;
  return text === '' ? null : text;
}

const DAY_ALIASES: Record<string, TWeekday> = {
  mon: 'mon',
  monday: 'mon',
  lun: 'mon',
  lundi: 'mon',
  mo: 'mon',
  montag: 'mon',
  tue: 'tue',
  tuesday: 'tue',
  mar: 'tue',
  mardi: 'tue',
  di: 'tue',
  dienstag: 'tue',
  wed: 'wed',
  wednesday: 'wed',
  mer: 'wed',
  mercredi: 'wed',
  mi: 'wed',
  mittwoch: 'wed',
  thu: 'thu',
  thursday: 'thu',
  jeu: 'thu',
  jeudi: 'thu',
  do: 'thu',
  donnerstag: 'thu',
  fri: 'fri',
  friday: 'fri',
  ven: 'fri',
  vendredi: 'fri',
  fr: 'fri',
  freitag: 'fri',
  sat: 'sat',
  saturday: 'sat',
  sam: 'sat',
  samedi: 'sat',
  sa: 'sat',
  samstag: 'sat',
  sun: 'sun',
  sunday: 'sun',
  dim: 'sun',
  dimanche: 'sun',
  so: 'sun',
  sonntag: 'sun',
};

/**
 * `mon 08:00-12:00,13:00-18:00; tue 09:00-17:00` → opening hours (days not named are closed); empty: all
 * closed; absent: undefined. The schema then checks the times and overlaps.
 */
export function openingHoursCell(cells: Record<string, string>, column: string): unknown {
  const text = cells[column];
  if (text === undefined) return undefined;
  const hours: Record<string, { open: string; close: string }[]> = {};
  for (const part of text
    .split(/[;\n|]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([\p{L}]+)\.?\s*:?\s*(.*)$/u.exec(part);
    const day = match && DAY_ALIASES[match[1].toLowerCase()];
    if (!match || !day || hours[day]) throw new CellError(column, 'imports.openingHours', { value: part.slice(0, 40) });
    const intervals = match[2].trim();
    hours[day] = [];
    if (!intervals || /^(closed|fermé|geschlossen|مغلق)$/i.test(intervals)) continue;
    for (const interval of intervals.split(/[,\s]+/).filter(Boolean)) {
      const times = /^(\d{1,2}:\d{2})-(\d{1,2}:\d{2})$/.exec(interval);
      if (!times) throw new CellError(column, 'imports.openingHours', { value: part.slice(0, 40) });
      hours[day].push({ open: times[1].padStart(5, '0'), close: times[2].padStart(5, '0') });
    }
  }
  return hours;
}
