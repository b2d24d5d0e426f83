import { FormControl, TextInput } from '@primer/react';
import { useEffect, useState } from 'react';
import { inputDir } from '../Bidi/index.ts';
import { useFilterChip } from './filter-chips.tsx';
import classes from './DataTable.module.css';

export interface TextFilterProps {
  /** Accessible name (and placeholder). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  /** Transform what is typed before it is applied (e.g. upper-case a country code). */
  normalize?: (value: string) => string;
  /** Apply only values that pass (others leave the filter unset). */
  accept?: (value: string) => boolean;
}

/** A free-text filter for a list toolbar, applied to the URL state after a short pause. */
export function TextFilter({
  label,
  value,
  onChange,
  maxLength,
  normalize = (v) => v,
  accept = () => true,
}: TextFilterProps) {
  const [text, setText] = useState(value);
  useFilterChip(value ? { label, value, clear: () => onChange('') } : null);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const next = normalize(text.trim());
    const applied = next === '' || accept(next) ? next : '';
    if (applied === value) return;
    const timer = setTimeout(() => onChange(applied), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange, normalize, accept]);
  return (
    <FormControl className={classes.textFilter}>
      <FormControl.Label visuallyHidden>{label}</FormControl.Label>
      <TextInput
        dir={inputDir(text)}
        value={text}
        placeholder={label}
        maxLength={maxLength}
        onChange={(e) => setText(e.target.value)}
      />
    </FormControl>
  );
}
