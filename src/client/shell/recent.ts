// The search dialog's recent items: the last results and pages a user opened from it, newest first,
// kept in this browser's localStorage per user (`od-search-recent:<user id>`). Nothing here is trusted:
// entries are checked on read, and the dialog offers only those that still lead to a page the user may open.
import { RECORD_TYPES, type TRecordType } from '../../shared/schemas/search.ts';

export const MAX_RECENT = 5;

export interface RecentItem {
  href: string;
  title: string;
  subtitle?: string;
  /** The record type, or 'page'. */
  kind: TRecordType | 'page';
}

const keyOf = (userId: number) => `od-search-recent:${userId}`;

function isRecent(value: unknown): value is RecentItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.href === 'string' &&
    item.href.startsWith('/') &&
    typeof item.title === 'string' &&
    (item.subtitle === undefined || typeof item.subtitle === 'string') &&
    (item.kind === 'page' || (RECORD_TYPES as readonly unknown[]).includes(item.kind))
  );
}

export function readRecent(userId: number): RecentItem[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** Puts `item` first (once: an earlier visit of the same address goes). */
export function rememberRecent(userId: number, item: RecentItem): void {
  const next = [item, ...readRecent(userId).filter((r) => r.href !== item.href)].slice(0, MAX_RECENT);
  try {
    window.localStorage.setItem(keyOf(userId), JSON.stringify(next));
  } catch {
    // Storage full or refused (private mode): the dialog works without recent items.
  }
}
