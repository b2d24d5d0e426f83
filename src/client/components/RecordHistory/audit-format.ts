// How an audit event reads in the client: the record's page (only one that exists and the caller may
// open: shell/links.ts's honest-link rule) and its field changes as lines.
import type { AppAbility } from '../../../shared/abilities/index.ts';
import type { TAuditEvent } from '../../../shared/schemas/audit.ts';
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

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
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
export function changeLines(changes: Record<string, unknown>): ChangeLine[] {
  return Object.entries(changes).map(([field, value]) =>
    isDiff(value) ? { field, from: shown(value.from), to: shown(value.to) } : { field, value: shown(value) },
  );
}

/** The arrow from a field's old value to its new one, pointing the way the language reads. */
export function changeArrow(dir: 'ltr' | 'rtl'): string {
  return dir === 'rtl' ? '←' : '→';
}

/** One line of text for a table cell. */
export function changeSummary(changes: Record<string, unknown>, dir: 'ltr' | 'rtl' = 'ltr'): string {
  const arrow = changeArrow(dir);
  return changeLines(changes)
    .map((l) => (l.value === undefined ? `${l.field}: ${l.from} ${arrow} ${l.to}` : `${l.field}: ${l.value}`))
    .join('; ');
}
