// A list's table settings (hidden columns, density), kept per list in localStorage. Pure parsing here:
// a hand-edited, old or foreign value falls back to the defaults instead of breaking the list.

export type Density = 'comfortable' | 'compact';

export interface TableSettings {
  hidden: string[];
  density: Density;
}

export const DEFAULT_TABLE_SETTINGS: TableSettings = { hidden: [], density: 'comfortable' };

/** The storage key of a list's settings. */
export function tableSettingsKey(list: string): string {
  return `od-table:${list}`;
}

/** Settings from a stored string; unknown columns are dropped, anything invalid gives the default. */
export function parseTableSettings(stored: string | null, columnKeys: readonly string[]): TableSettings {
  if (!stored) return DEFAULT_TABLE_SETTINGS;
  try {
    const value = JSON.parse(stored) as { hidden?: unknown; density?: unknown };
    const hidden = Array.isArray(value.hidden)
      ? value.hidden.filter((k): k is string => typeof k === 'string' && columnKeys.includes(k))
      : [];
    const density: Density = value.density === 'compact' ? 'compact' : 'comfortable';
    return { hidden: [...new Set(hidden)], density };
  } catch {
    return DEFAULT_TABLE_SETTINGS;
  }
}

/** A column shown or hidden: the new hidden list (the last shown column always stays). */
export function toggleColumn(
  settings: TableSettings,
  key: string,
  shown: boolean,
  columnKeys: readonly string[],
): TableSettings {
  const hidden = shown ? settings.hidden.filter((k) => k !== key) : [...new Set([...settings.hidden, key])];
  if (columnKeys.every((k) => hidden.includes(k))) return settings;
  return { ...settings, hidden };
}
