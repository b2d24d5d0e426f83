import { FormControl, Select } from '@primer/react';
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
}

/** A labelled select for a list toolbar, bound to one filter of the URL list state. */
export function FilterSelect({ label, value, onChange, options, allLabel, hideLabel = true, disabled }: FilterSelectProps) {
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
