import { useState } from 'react';

/** The rows chosen for a bulk action: some of the page, or every row matching the list. */
export interface Selection<T> {
  /** Every row matching the list is selected, not just the page. */
  all: boolean;
  /** The selected rows of the page. */
  rows: T[];
  /** How many rows are selected (the list's total when `all`). */
  count: number;
  /** Every row of the page is selected (and there is one). */
  page: boolean;
  /** Some rows of the page are, not all (the page checkbox is indeterminate). */
  partial: boolean;
  /** The row is selected by itself (not only as one of every match). */
  has: (row: T) => boolean;
  toggle: (row: T, on: boolean) => void;
  togglePage: (on: boolean) => void;
  /** Selects every row matching the list (offered once the whole page is selected). */
  selectAllMatching: () => void;
  clear: () => void;
  /** The rows an action applies to: every match (through `fetchAll`) when `all`, else the page's selected rows. */
  targets: () => Promise<T[]>;
}

export interface SelectionOptions<T> {
  /** The list state the selection belongs to, as a string: another state starts with nothing selected. */
  stateKey: string;
  /** The page's rows. */
  rows: readonly T[];
  /** How many rows match the list. */
  total: number;
  rowKey: (row: T) => string | number;
  fetchAll?: () => Promise<T[]>;
}

interface Chosen {
  stateKey: string;
  keys: ReadonlySet<string | number>;
  all: boolean;
}

/** The selection of a server-side list: the page's rows (or every match), forgotten when the list state changes. */
export function useSelection<T>({ stateKey, rows, total, rowKey, fetchAll }: SelectionOptions<T>): Selection<T> {
  const [chosen, setChosen] = useState<Chosen>({ stateKey, keys: new Set(), all: false });
  const current = chosen.stateKey === stateKey ? chosen : { stateKey, keys: new Set<string | number>(), all: false };
  const choose = (keys: Iterable<string | number>, all = false) => setChosen({ stateKey, keys: new Set(keys), all });
  const selected = rows.filter((row) => current.keys.has(rowKey(row)));
  const page = rows.length > 0 && selected.length === rows.length;
  return {
    all: current.all,
    rows: selected,
    count: current.all ? total : selected.length,
    page,
    partial: !current.all && !page && selected.length > 0,
    has: (row) => current.keys.has(rowKey(row)),
    toggle: (row, on) => {
      const keys = new Set(current.keys);
      if (on) keys.add(rowKey(row));
      else keys.delete(rowKey(row));
      choose(keys);
    },
    togglePage: (on) => choose(on ? rows.map(rowKey) : []),
    selectAllMatching: () => choose(current.keys, true),
    clear: () => choose([]),
    targets: async () => (current.all && fetchAll ? fetchAll() : selected),
  };
}
