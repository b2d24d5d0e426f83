// A from/to pair of date inputs for a list toolbar, bound to two URL filters (YYYY-MM-DD).
import { FormControl, TextInput } from '@primer/react';
import classes from './DateRangeFilter.module.css';

export interface DateRangeFilterProps {
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Two labelled date inputs; a value is applied once complete (or cleared), the range kept in order. */
export function DateRangeFilter({ fromLabel, toLabel, from, to, onChange }: DateRangeFilterProps) {
  const set = (which: 'from' | 'to', value: string) => {
    if (value !== '' && !DATE.test(value)) return;
    const next = { from, to, [which]: value };
    // A range typed backwards is turned around rather than refused.
    if (next.from && next.to && next.to < next.from) onChange({ from: next.to, to: next.from });
    else onChange(next);
  };
  return (
    <div className={classes.range}>
      <FormControl className={classes.field}>
        <FormControl.Label className={classes.label}>{fromLabel}</FormControl.Label>
        <TextInput
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => set('from', e.target.value)}
          size="medium"
        />
      </FormControl>
      <FormControl className={classes.field}>
        <FormControl.Label className={classes.label}>{toLabel}</FormControl.Label>
        <TextInput
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => set('to', e.target.value)}
          size="medium"
        />
      </FormControl>
    </div>
  );
}
