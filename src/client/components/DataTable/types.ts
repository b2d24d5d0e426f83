import type { Icon } from '@primer/octicons-react';
import type { ReactNode } from 'react';
import type { ListState } from '../../lib/list-state.ts';
import type { ColumnKind } from './columns.ts';

export interface Column<T> {
  /** The sort key sent to the server when `sortable`; also the column id. */
  key: string;
  header: string;
  /** The cell on screen. */
  render: (row: T) => ReactNode;
  /**
   * The cell as text, for the CSV of a selection and the clipboard. Give it whenever `render` returns
   * markup; without it, export takes what `render` returns when that is text or a number, else the
   * row's field named `key` when that is (export.ts `exportValueOf`).
   */
  exportValue?: (row: T) => string;
  sortable?: boolean;
  align?: 'start' | 'end';
  /** What the column holds: its default width, alignment and wrapping (columns.ts). */
  kind?: ColumnKind;
  /** Width in rem instead of the kind's. */
  width?: number;
  /** false: always shown (not in the table settings). */
  hideable?: boolean;
}

/** How a row shows as a card on phones: the title column (the record's name), two key facts, a status. */
export interface CardLayout {
  title: string;
  facts?: string[];
  status?: string;
}

/** An action on the selected rows (archive, delete…). */
export interface BulkAction<T> {
  label: string;
  icon?: Icon;
  variant?: 'default' | 'danger';
  run: (rows: T[]) => Promise<unknown>;
}

export interface DataTableProps<T> {
  /** Accessible name of the table (also its caption for screen readers). */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number;
  rowKey: (row: T) => string | number;
  /** The row's name (checkbox labels). */
  rowLabel?: (row: T) => string;
  state: ListState;
  onStateChange: (patch: Partial<ListState>) => void;
  loading?: boolean;
  /** A message when the list failed to load; shows a retry button with `onRetry`. */
  error?: string | null;
  onRetry?: () => void;
  /** Filter controls: beside the search on wide screens, in the "Filters (n)" sheet on phones. */
  filters?: ReactNode;
  /** Controls always beside the search (export…). */
  toolbar?: ReactNode;
  /** Per-row actions (buttons/menus), rendered in the last column (top-right of a card). */
  rowActions?: (row: T) => ReactNode;
  /** The actions column's width in rem on wide screens (one icon button by default). */
  actionsWidth?: number;
  /** Enter on a focused row (or a click on it) opens it. */
  onRowOpen?: (row: T) => void;
  /** The list with nothing in it yet (no search, no filter). */
  empty?: { title: string; description?: string; action?: ReactNode };
  /** The records' name in "No <records> match “<query>”". */
  records?: string;
  /** Hide the search box (lists without `q`). */
  searchable?: boolean;
  className?: string;
  /** Where the column and density settings are kept (per list); without it, the settings menu is hidden. */
  settingsKey?: string;
  /** Phone card layout; default: the first column as title, the next two as facts. */
  card?: CardLayout;
  /** Bulk actions on selected rows; with them (or `csv`), rows get checkboxes. */
  bulkActions?: BulkAction<T>[];
  /** Every row matching the list (for "select all N matching"). */
  fetchAll?: () => Promise<T[]>;
  /** CSV export of the selection: its file name, and the server export of every match. */
  csv?: { name: string; allHref: string };
}
