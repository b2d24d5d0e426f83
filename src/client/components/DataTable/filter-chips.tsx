// Active-filter chips: each filter control of a list (FilterSelect, TextFilter) reports its value while
// it is set; the table shows them as chips with a remove button each and "Clear all". The count is
// also the "Filters (n)" of the phone layout.
import { XIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import {
  createContext,
  type ReactNode,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
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

/**
 * The chips a list's filters reported. A store, not state of the list: a filter reporting itself (in a
 * layout effect, on the list's first frame) re-renders only what shows the chips, not the rows.
 */
class ChipStore {
  private chips: FilterChip[] = [];
  private readonly listeners = new Set<() => void>();
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly get = () => this.chips;
  register(id: string, chip: FilterChip | null) {
    const list = this.chips;
    const at = list.findIndex((c) => c.id === id);
    if (!chip && at === -1) return;
    if (!chip) this.chips = list.filter((c) => c.id !== id);
    else if (at === -1) this.chips = [...list, chip];
    else this.chips = list.map((c, i) => (i === at ? chip : c));
    for (const listener of this.listeners) listener();
  }
}

const FilterChipsContext = createContext<ChipStore | null>(null);

/** Around a list: its filters report to it; `useFilterChips` below it reads what they reported. */
export function FilterChipsProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new ChipStore());
  return <FilterChipsContext.Provider value={store}>{children}</FilterChipsContext.Provider>;
}

const none: FilterChip[] = [];
const ignore = () => () => {};

/** Reports a set filter to the list around it (nothing outside a list). `chip` null: not set. */
export function useFilterChip(chip: { label: string; value: string; clear: () => void } | null): void {
  const store = useContext(FilterChipsContext);
  const id = useId();
  const clear = useRef(chip?.clear);
  clear.current = chip?.clear;
  const label = chip?.label;
  const value = chip?.value;
  // Before the browser paints: a list opened with filters set shows its chips in its first frame (the
  // rows below them do not move down a frame later).
  useLayoutEffect(() => {
    store?.register(
      id,
      label !== undefined && value !== undefined ? { id, label, value, clear: () => clear.current?.() } : null,
    );
  }, [store, id, label, value]);
  useLayoutEffect(() => () => store?.register(id, null), [store, id]);
}

/** The chips the filters of the list around reported. */
export function useFilterChips(): FilterChip[] {
  const store = useContext(FilterChipsContext);
  return useSyncExternalStore(store?.subscribe ?? ignore, store?.get ?? (() => none), () => none);
}

/** The chips row: "<Filter>: <value> ×" for each, the search as a chip too, and "Clear all". */
export function FilterChips({
  query,
  onClearQuery,
  onClearAll,
}: {
  query: string;
  onClearQuery: () => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation('table');
  const chips = useFilterChips();
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
