import { FormControl, Select } from '@primer/react';
import { useFilterChip } from './filter-chips.tsx';
import classes from './DataTable.module.css';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  /** Accessible name and (small) visible label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly FilterOption[];
  /** Label of the empty choice that clears the filter (e.g. "All statuses"); omit for required filters. */
  allLabel?: string;
  /** Hide the visible label (it stays the accessible name). */
  hideLabel?: boolean;
  disabled?: boolean;
  /** The value that means "not filtered" (default ''): other values show as an active-filter chip. */
  clearValue?: string;
}

/** A labelled select for a list toolbar, bound to one filter of the URL list state. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel,
  hideLabel = true,
  disabled,
  clearValue = '',
}: FilterSelectProps) {
  const chosen = value !== clearValue ? options.find((o) => o.value === value) : undefined;
  useFilterChip(chosen ? { label, value: chosen.label, clear: () => onChange(clearValue) } : null);
  return (
    <FormControl className={classes.filter} disabled={disabled}>
      <FormControl.Label visuallyHidden={hideLabel}>{label}</FormControl.Label>
      <Select block value={value} onChange={(e) => onChange(e.target.value)} size="medium">
        {allLabel !== undefined && <Select.Option value="">{allLabel}</Select.Option>}
        {options.map((option) => (
          <Select.Option key={option.value} value={option.value}>
            {option.label}
          </Select.Option>
        ))}
      </Select>
    </FormControl>
  );
}
