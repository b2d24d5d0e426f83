import { useState } from 'react';
import { DEFAULT_TABLE_SETTINGS, parseTableSettings, type TableSettings, tableSettingsKey } from './table-settings.ts';
import type { Column } from './types.ts';

export interface TableSettingsState<T> {
  settings: TableSettings;
  /** Applies new settings and keeps them for the list. */
  save: (settings: TableSettings) => void;
  /** The columns the settings menu offers to hide (not the title column, not those marked `hideable: false`). */
  hideable: Column<T>[];
  /** The columns shown, in order. */
  shown: Column<T>[];
}

function readSettings(key: string | undefined, columnKeys: string[]): TableSettings {
  if (!key) return DEFAULT_TABLE_SETTINGS;
  try {
    return parseTableSettings(localStorage.getItem(tableSettingsKey(key)), columnKeys);
  } catch {
    return DEFAULT_TABLE_SETTINGS;
  }
}

/** A list's hidden columns and density, kept in localStorage under `settingsKey` (none: for this visit only). */
export function useTableSettings<T>(
  settingsKey: string | undefined,
  columns: readonly Column<T>[],
  titleKey: string,
): TableSettingsState<T> {
  const [settings, setSettings] = useState(() =>
    readSettings(
      settingsKey,
      columns.map((c) => c.key),
    ),
  );
  const save = (next: TableSettings) => {
    setSettings(next);
    if (!settingsKey) return;
    try {
      localStorage.setItem(tableSettingsKey(settingsKey), JSON.stringify(next));
    } catch {
      // Storage full or disabled: the settings last for this visit.
    }
  };
  const alwaysShown = (c: Column<T>) => c.hideable === false || c.key === titleKey;
  return {
    settings,
    save,
    hideable: columns.filter((c) => !alwaysShown(c)),
    shown: columns.filter((c) => alwaysShown(c) || !settings.hidden.includes(c.key)),
  };
}
