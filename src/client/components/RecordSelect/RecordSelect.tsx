import { FormControl, Select } from '@primer/react';
import type { ReactNode } from 'react';

export interface RecordOption {
  id: number;
  label: string;
  /** Options with a group are shown under an option group of that name. */
  group?: string;
  /** The record's customer (lets the superadmin's selects group by customer). */
  customerId?: number;
}

export interface RecordSelectProps {
  label: string;
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  options: readonly RecordOption[];
  /** Label of the empty choice ("None", "Choose a customer"); omit to force a choice. */
  placeholder?: string;
  loading?: boolean;
  /** Translated validation message. */
  error?: string;
  caption?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  hideLabel?: boolean;
  className?: string;
}

/** A labelled select of related records (customer, direction, team…) giving the chosen id. */
export function RecordSelect({
  label,
  value,
  onChange,
  options,
  placeholder,
  loading,
  error,
  caption,
  required,
  disabled,
  hideLabel,
  className,
}: RecordSelectProps) {
  const groups = new Map<string | undefined, RecordOption[]>();
  for (const option of options) {
    const list = groups.get(option.group) ?? [];
    list.push(option);
    groups.set(option.group, list);
  }
  const known = value != null && options.some((o) => o.id === value);
  return (
    <FormControl required={required} disabled={disabled || loading} className={className}>
      <FormControl.Label visuallyHidden={hideLabel}>{label}</FormControl.Label>
      <Select
        block
        value={value == null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        {(placeholder !== undefined || value == null) && <Select.Option value="">{placeholder ?? ''}</Select.Option>}
        {value != null && !known && <Select.Option value={String(value)}>{loading ? '…' : `#${value}`}</Select.Option>}
        {[...groups.entries()].map(([group, list]) =>
          group === undefined ? (
            list.map((o) => (
              <Select.Option key={o.id} value={String(o.id)}>
                {o.label}
              </Select.Option>
            ))
          ) : (
            <Select.OptGroup key={group} label={group}>
              {list.map((o) => (
                <Select.Option key={o.id} value={String(o.id)}>
                  {o.label}
                </Select.Option>
              ))}
            </Select.OptGroup>
          ),
        )}
      </Select>
      {caption && <FormControl.Caption>{caption}</FormControl.Caption>}
      {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
    </FormControl>
  );
}
