import { Checkbox } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { Selection } from './useSelection.ts';

/** A row's checkbox, named "Select <row>"; checked and locked while every match is selected. */
export function RowCheckbox<T>({ row, name, selection }: { row: T; name: string; selection: Selection<T> }) {
  const { t } = useTranslation('table');
  return (
    <Checkbox
      checked={selection.all || selection.has(row)}
      disabled={selection.all}
      onChange={(e) => selection.toggle(row, e.target.checked)}
      aria-label={t('selectRow', { name })}
    />
  );
}
