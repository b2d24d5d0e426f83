import { FilterIcon } from '@primer/octicons-react';
import { Button, CounterLabel, Dialog } from '@primer/react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../lib/list-state.ts';
import { useFilterChips } from './filter-chips.tsx';
import { PhoneSort } from './PhoneSort.tsx';
import { SearchBox } from './SearchBox.tsx';
import classes from './DataTable.module.css';

export interface TableToolbarProps {
  state: ListState;
  onStateChange: (patch: Partial<ListState>) => void;
  /** Show the search box. */
  searchable: boolean;
  /** The phone layout: a "Filters (n)" sheet and a sort control instead of the filters in a row. */
  phone: boolean;
  filters?: ReactNode;
  /** Controls always beside the search (export…). */
  toolbar?: ReactNode;
  /** The columns the phone's sort control offers. */
  sortable: { key: string; header: string }[];
  /** The table settings menu (wide screens). */
  settingsMenu?: ReactNode;
  /** How many rows match (the sheet's "Show results (n)"). */
  total: number;
  onClearAll: () => void;
}

/**
 * The row above the list: the search, then the filters, extra controls and the table settings on
 * wide screens; on phones a "Filters (n)" button opening the filters in a sheet, and a sort control.
 */
export function TableToolbar({
  state,
  onStateChange,
  searchable,
  phone,
  filters,
  toolbar,
  sortable,
  settingsMenu,
  total,
  onClearAll,
}: TableToolbarProps) {
  const { t } = useTranslation('table');
  const [sheetOpen, setSheetOpen] = useState(false);
  useEffect(() => {
    if (!phone) setSheetOpen(false);
  }, [phone]);
  return (
    <>
      <div className={classes.toolbar}>
        {searchable && <SearchBox query={state.q} onSearch={(q) => onStateChange({ q })} />}
        {phone ? (
          <div className={classes.phoneControls}>
            {filters && (
              <Button leadingVisual={FilterIcon} onClick={() => setSheetOpen(true)}>
                {t('filtersButton')}
                <FilterCount />
              </Button>
            )}
            {sortable.length > 0 && (
              <PhoneSort columns={sortable} sortBy={state.sortBy} orderBy={state.orderBy} onChange={onStateChange} />
            )}
            {toolbar}
          </div>
        ) : (
          <div className={classes.actions}>
            {filters}
            {toolbar}
            {settingsMenu}
          </div>
        )}
      </div>
      {/* On phones the filters live in the sheet; closed, they stay mounted (hidden) so their chips count. */}
      {phone && filters && !sheetOpen && <div hidden>{filters}</div>}
      {phone && sheetOpen && (
        <FiltersSheet total={total} onClearAll={onClearAll} onClose={() => setSheetOpen(false)}>
          {filters}
        </FiltersSheet>
      )}
    </>
  );
}

// The parts that show how many filters are set read it themselves: a filter reporting itself re-renders
// them, not the toolbar.

/** The count on the phone's "Filters" button. */
function FilterCount() {
  const count = useFilterChips().length;
  return count > 0 ? <CounterLabel className={classes.counter}>{count}</CounterLabel> : null;
}

/** The phone's filters sheet: the filters, "Clear all" (while one is set) and "Show results (n)". */
function FiltersSheet({
  total,
  onClearAll,
  onClose,
  children,
}: {
  total: number;
  onClearAll: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('table');
  const count = useFilterChips().length;
  return (
    <Dialog
      title={t('filters')}
      position={{ narrow: 'bottom', regular: 'center' }}
      onClose={onClose}
      footerButtons={[
        { content: t('clearAll'), onClick: onClearAll, disabled: count === 0 },
        { content: t('showResults', { count: total }), buttonType: 'primary', onClick: onClose },
      ]}
    >
      <div className={classes.sheet}>{children}</div>
    </Dialog>
  );
}
