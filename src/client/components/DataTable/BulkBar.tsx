import { Button, Text } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../Toast/index.ts';
import { copyRows, downloadCsv, exportRows } from './export.ts';
import type { BulkAction, Column } from './types.ts';
import type { Selection } from './useSelection.ts';
import classes from './DataTable.module.css';

export interface BulkBarProps<T> {
  selection: Selection<T>;
  /** How many rows match the list. */
  total: number;
  /** How many rows the page shows. */
  pageSize: number;
  /** Every match can be selected (the list can fetch them all). */
  canSelectAll: boolean;
  actions: BulkAction<T>[];
  /** The columns an export writes: the shown ones, in order. */
  columns: Column<T>[];
  /** CSV export of the selection: its file name, and the server export of every match. */
  csv?: { name: string; allHref: string };
}

/**
 * The bar over a list with rows selected: how many, "Select all N matching", the bulk actions, CSV
 * export and copy of the selection, and "Clear selection". An action runs on every match when all are
 * selected, then the selection clears.
 */
export function BulkBar<T>({ selection, total, pageSize, canSelectAll, actions, columns, csv }: BulkBarProps<T>) {
  const { t } = useTranslation('table');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (action: BulkAction<T>) => {
    setBusy(true);
    try {
      await action.run(await selection.targets());
      selection.clear();
    } finally {
      setBusy(false);
    }
  };
  const exportCsv = () => {
    if (!csv) return;
    if (selection.all) {
      // Every match: the server's export, which streams them all.
      window.location.assign(csv.allHref);
      return;
    }
    const { headers, lines } = exportRows(columns, selection.rows);
    downloadCsv(`${csv.name}-selection.csv`, headers, lines);
  };
  const copy = async () => {
    setBusy(true);
    try {
      const { headers, lines } = exportRows(columns, await selection.targets());
      await copyRows(headers, lines);
      toast.show({ message: t('copied', { count: lines.length }), variant: 'success' });
    } catch {
      toast.show({ message: t('copyFailed'), variant: 'critical' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={classes.bulkBar} role="region" aria-label={t('bulkActions')}>
      <Text weight="semibold" className={classes.bulkCount}>
        {selection.all ? t('allMatchingSelected', { count: total }) : t('selectedCount', { count: selection.count })}
      </Text>
      {!selection.all && selection.page && total > pageSize && canSelectAll && (
        <Button size="small" variant="invisible" onClick={selection.selectAllMatching}>
          {t('selectAllMatching', { count: total })}
        </Button>
      )}
      <div className={classes.bulkButtons}>
        {actions.map((action) => (
          <Button
            key={action.label}
            size="small"
            leadingVisual={action.icon}
            variant={action.variant === 'danger' ? 'danger' : 'default'}
            disabled={busy}
            onClick={() => void run(action)}
          >
            {action.label}
          </Button>
        ))}
        {csv && (
          <Button size="small" disabled={busy} onClick={exportCsv}>
            {t('exportSelection')}
          </Button>
        )}
        <Button size="small" disabled={busy} onClick={() => void copy()}>
          {t('copySelection')}
        </Button>
        <Button size="small" variant="invisible" onClick={selection.clear}>
          {t('clearSelection')}
        </Button>
      </div>
    </div>
  );
}
