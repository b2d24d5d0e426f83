// Active-filter chips: each filter control of a list (FilterSelect, TextFilter) reports its value while
// it is set; the table shows them as chips with a remove button each and "Clear all". The count is
// also the "Filters (n)" of the phone layout.
import { XIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { createContext, useCallback, useContext, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './DataTable.module.css';

export interface FilterChip {
  id: string;
  /** The filter's name ("Status"). */
  label: string;
  /** The chosen value as shown ("Active only"). */
  value: string;
  clear: () => void;
}

type Register = (id: string, chip: FilterChip | null) => void;

const FilterChipsContext = createContext<Register | null>(null);
export const FilterChipsProvider = FilterChipsContext.Provider;

/** Reports a set filter to the list around it (nothing outside a list). `chip` null: not set. */
export function useFilterChip(chip: { label: string; value: string; clear: () => void } | null): void {
  const register = useContext(FilterChipsContext);
  const id = useId();
  const clear = useRef(chip?.clear);
  clear.current = chip?.clear;
  const label = chip?.label;
  const value = chip?.value;
  // Before the browser paints: a list opened with filters set shows its chips in its first frame (the
  // rows below them do not move down a frame later).
  useLayoutEffect(() => {
    if (!register) return;
    register(
      id,
      label !== undefined && value !== undefined ? { id, label, value, clear: () => clear.current?.() } : null,
    );
  }, [register, id, label, value]);
  useLayoutEffect(() => () => register?.(id, null), [register, id]);
}

/** The chips a list's filters reported, and the register to provide to them. */
export function useFilterChips(): { chips: FilterChip[]; register: Register } {
  const [chips, setChips] = useState<FilterChip[]>([]);
  const register = useCallback<Register>((id, chip) => {
    setChips((list) => {
      const at = list.findIndex((c) => c.id === id);
      if (!chip) return at === -1 ? list : list.filter((c) => c.id !== id);
      if (at === -1) return [...list, chip];
      const next = list.slice();
      next[at] = chip;
      return next;
    });
  }, []);
  return { chips, register };
}

/** The chips row: "<Filter>: <value> ×" for each, the search as a chip too, and "Clear all". */
export function FilterChips({
  chips,
  query,
  onClearQuery,
  onClearAll,
}: {
  chips: FilterChip[];
  query: string;
  onClearQuery: () => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation('table');
  const all = [...(query ? [{ id: 'q', label: t('search'), value: query, clear: onClearQuery }] : []), ...chips];
  if (!all.length) return null;
  return (
    <div className={classes.chips} role="group" aria-label={t('activeFilters')}>
      {all.map((chip) => (
        <span key={chip.id} className={classes.chip}>
          <span className={classes.chipText}>
            {chip.label}: <bdi dir="auto">{chip.value}</bdi>
          </span>
          <button
            type="button"
            className={classes.chipRemove}
            aria-label={t('removeFilter', { name: chip.label, value: chip.value })}
            onClick={chip.clear}
          >
            <XIcon size={12} />
          </button>
        </span>
      ))}
      {all.length > 1 && (
        <Button size="small" variant="invisible" onClick={onClearAll}>
          {t('clearAll')}
        </Button>
      )}
    </div>
  );
}
