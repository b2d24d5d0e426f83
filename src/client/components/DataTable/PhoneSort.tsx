import { SortAscIcon, SortDescIcon } from '@primer/octicons-react';
import { IconButton, Select } from '@primer/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../lib/list-state.ts';
import classes from './DataTable.module.css';

export interface PhoneSortProps {
  /** The sortable columns. */
  columns: { key: string; header: string }[];
  sortBy: ListState['sortBy'];
  orderBy: ListState['orderBy'];
  onChange: (patch: Pick<ListState, 'sortBy' | 'orderBy'>) => void;
}

/** The phone layout's sort: a "Sort by" select and a button that turns the order around. */
export function PhoneSort({ columns, sortBy, orderBy, onChange }: PhoneSortProps) {
  const { t } = useTranslation('table');
  const id = useId();
  const ascending = orderBy === 'asc';
  return (
    <div className={classes.sortControl}>
      <label htmlFor={id} className={classes.visuallyHidden}>
        {t('sortBy')}
      </label>
      <Select id={id} value={sortBy ?? ''} onChange={(e) => onChange({ sortBy: e.target.value || undefined, orderBy })}>
        <Select.Option value="">{t('defaultOrder')}</Select.Option>
        {columns.map((c) => (
          <Select.Option key={c.key} value={c.key}>
            {c.header}
          </Select.Option>
        ))}
      </Select>
      <IconButton
        icon={ascending ? SortAscIcon : SortDescIcon}
        aria-label={ascending ? t('ascending') : t('descending')}
        disabled={!sortBy}
        onClick={() => onChange({ sortBy, orderBy: ascending ? 'desc' : 'asc' })}
      />
    </div>
  );
}
