// How an audit event reads in the client: the record's page (only one that exists and the caller may
// open: shell/links.ts's honest-link rule) and its field changes as lines.

import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../shared/abilities/index.ts';
import type { TAuditEvent } from '../../../shared/schemas/audit.ts';
import { type Formatters, useFormatters } from '../../lib/format.ts';
import { openableHref } from '../../shell/links.ts';

/** List pages whose search finds a record by the event's `recordLabel`. */
const LIST_PAGES: Record<string, string> = {
  Customer: '/business/customers',
  User: '/management/users',
  Team: '/management/teams',
  Location: '/management/location-setting',
  SubDirection: '/management/sub-directions',
  Class: '/management/classes',
  Project: '/projects',
};

/** Where the event's record is shown, or null (gone, no page for its type, or not for this caller). */
export function recordHref(
  event: Pick<TAuditEvent, 'entityType' | 'entityId' | 'recordLabel'>,
  ability: AppAbility,
  role: string,
): string | null {
  let href: string | null = null;
  if (event.entityType === 'Task') href = `/tasks/viewTask/${event.entityId}`;
  else if (event.entityType === 'Scheme') href = `/management/schemes?scheme=${event.entityId}`;
  else if (event.recordLabel && LIST_PAGES[event.entityType])
    href = `${LIST_PAGES[event.entityType]}?q=${encodeURIComponent(event.recordLabel)}`;
  return openableHref(href, ability, role);
}

/** How field names and stored values read to the reader (translated), or as stored (`RAW`). */
export interface ChangeWords {
  field: (name: string) => string;
  value: (stored: string) => string;
}

const RAW: ChangeWords = { field: (name) => name, value: (stored) => stored };

/** Stored values that are words of the product (states, yes/no), said in the reader's language. */
const WORD_VALUES = new Set([
  'active',
  'approved',
  'archived',
  'cancelled',
  'completed',
  'done',
  'draft',
  'early',
  'false',
  'in_progress',
  'inactive',
  'late',
  'missed',
  'on_hold',
  'open',
  'pending',
  'published',
  'rejected',
  'reviewer',
  'scheduled',
  'submitted',
  'true',
  'verified',
]);

/** "geofenceRadiusM" → "geofence radius m": a field the dictionary does not name yet still reads as words. */
function spaced(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored instant ("2026-11-27T16:30:00.000Z"): said as a date and time in the reader's format. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The audit's words in the reader's language: field labels and state values (`business:audit`, by `t`),
 * and stored instants as dates and times in the reader's format (the audit page's own times are on the
 * same clock).
 */
export function changeWords(t: TFunction<'business'>, fmt: Pick<Formatters, 'dateTime'>): ChangeWords {
  return {
    field: (name) => t(`audit.fields.${name}`, { defaultValue: spaced(name) }),
    value: (stored) =>
      WORD_VALUES.has(stored) ? t(`audit.values.${stored}`) : INSTANT.test(stored) ? fmt.dateTime(stored) : stored,
  };
}

/** changeWords in the reader's language. */
export function useChangeWords(): ChangeWords {
  const { t } = useTranslation('business');
  const fmt = useFormatters();
  return useMemo(() => changeWords(t, fmt), [t, fmt]);
}

function shown(value: unknown, words: ChangeWords): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map((v) => shown(v, words)).join(', ');
  if (typeof value === 'string') return words.value(value);
  if (typeof value === 'boolean') return words.value(String(value));
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
  // A person the change names (a team's members added or removed): by their name.
  if (typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string')
    return (value as { name: string }).name;
  return JSON.stringify(value) ?? '—';
}

function isDiff(value: unknown): value is { from: unknown; to: unknown } {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    'from' in value &&
    'to' in value &&
    Object.keys(value).length === 2
  );
}

export interface ChangeLine {
  field: string;
  /** A field diff: before and after; otherwise `value` alone. */
  from?: string;
  to?: string;
  value?: string;
}

/** The event's changes, one line per field (`{ from, to }` diffs kept apart from plain values). */
export function changeLines(changes: Record<string, unknown>, words: ChangeWords = RAW): ChangeLine[] {
  return Object.entries(changes).map(([name, value]) => {
    const field = words.field(name);
    return isDiff(value)
      ? { field, from: shown(value.from, words), to: shown(value.to, words) }
      : { field, value: shown(value, words) };
  });
}

/** The arrow from a field's old value to its new one, pointing the way the language reads. */
export function changeArrow(dir: 'ltr' | 'rtl'): string {
  return dir === 'rtl' ? '←' : '→';
}

/** One line of text for a table cell. */
export function changeSummary(
  changes: Record<string, unknown>,
  dir: 'ltr' | 'rtl' = 'ltr',
  words: ChangeWords = RAW,
): string {
  const arrow = changeArrow(dir);
  return changeLines(changes, words)
    .map((l) => (l.value === undefined ? `${l.field}: ${l.from} ${arrow} ${l.to}` : `${l.field}: ${l.value}`))
    .join('; ');
}
