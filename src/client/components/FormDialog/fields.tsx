// Form fields bound to a `useZodForm` form by name: a labelled Primer control with its caption and
// field-level message (client check or server). `Field` wraps any control for nested editors.
import { AlertFillIcon } from '@primer/octicons-react';
import { Checkbox, FormControl, Select, Textarea, TextInput, useFormControlForwardedProps } from '@primer/react';
import { cloneElement, type ReactElement, type ReactNode, useEffect, useId, useState } from 'react';
import { inputDir } from '../Bidi/index.ts';
import type { ZodForm } from './useZodForm.ts';
import classes from './FormDialog.module.css';

type AnyForm<V extends Record<string, unknown>> = ZodForm<V, unknown> | ZodForm<V, never>;

interface FieldProps {
  label: string;
  /** The translated message to show, if any (marks the control invalid). */
  error?: string;
  caption?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Hide the label visually (still the control's accessible name). */
  visuallyHiddenLabel?: boolean;
  className?: string;
  /** One Primer input (TextInput, Select, Textarea…). */
  children: ReactElement;
}

/** A labelled control with caption and validation message. */
export function Field({
  label,
  error,
  caption,
  required,
  disabled,
  visuallyHiddenLabel,
  className,
  children,
}: FieldProps) {
  return (
    <FormControl required={required} disabled={disabled} className={className}>
      <FormControl.Label visuallyHidden={visuallyHiddenLabel}>{label}</FormControl.Label>
      {children.type === NumberInput
        ? cloneElement(children as ReactElement<NumberInputProps>, { validationStatus: error ? 'error' : undefined })
        : children}
      {caption && <FormControl.Caption>{caption}</FormControl.Caption>}
      {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
    </FormControl>
  );
}

interface BoundProps<V extends Record<string, unknown>> {
  form: AnyForm<V>;
  name: keyof V & string;
  label: string;
  caption?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * A text input bound to a string field ('' when empty). Free text takes its direction from what is
 * typed (dir="auto"), so "85 Voie du Havre" stays whole in an Arabic form; e-mail, phone, URL,
 * password and date values always read left to right.
 */
export function TextField<V extends Record<string, unknown>>({
  form,
  name,
  type = 'text',
  autoComplete,
  placeholder,
  monospace,
  ...rest
}: BoundProps<V> & {
  type?: 'text' | 'email' | 'tel' | 'password' | 'date' | 'url';
  autoComplete?: string;
  placeholder?: string;
  monospace?: boolean;
}) {
  const value = form.values[name];
  return (
    <Field {...rest} error={form.error(name)}>
      <TextInput
        name={name}
        type={type}
        dir={inputDir(value, type === 'text' ? 'auto' : 'ltr')}
        block
        monospace={monospace}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={typeof value === 'string' ? value : value == null ? '' : String(value)}
        onChange={(e) => form.set(name, e.target.value as V[typeof name])}
      />
    </Field>
  );
}

/** A multi-line text field; its direction follows what is typed, like a text field's. */
export function TextareaField<V extends Record<string, unknown>>({
  form,
  name,
  rows = 3,
  ...rest
}: BoundProps<V> & { rows?: number }) {
  const value = form.values[name];
  return (
    <Field {...rest} error={form.error(name)}>
      <Textarea
        name={name}
        dir={inputDir(value)}
        block
        rows={rows}
        resize="vertical"
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => form.set(name, e.target.value as V[typeof name])}
      />
    </Field>
  );
}

/**
 * A number input; keeps what the user types and sets the field to the number, or null when empty
 * or not a number (the schema then says what is wrong).
 */
export interface NumberInputProps {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  step?: number | 'any';
  min?: number;
  max?: number;
  name?: string;
  id?: string;
  'aria-label'?: string;
  /** Set by `Field` when the value has a message. */
  validationStatus?: 'error';
  readOnly?: boolean;
}

export function NumberInput(props: NumberInputProps) {
  const { value, onChange, step, min, max, name, validationStatus, ...rest } = useFormControlForwardedProps(props);
  const [text, setText] = useState(value == null ? '' : String(value));
  useEffect(() => {
    setText((current) => (Number(current) === value && current !== '' ? current : value == null ? '' : String(value)));
  }, [value]);
  return (
    <TextInput
      {...rest}
      name={name}
      validationStatus={validationStatus}
      type="number"
      // Numbers and coordinates read left to right in every language: "-0.58347", not "0.58347-".
      dir={inputDir(text, 'ltr')}
      inputMode="decimal"
      step={step}
      min={min}
      max={max}
      block
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const trimmed = e.target.value.trim();
        const parsed = trimmed === '' ? null : Number(trimmed);
        onChange(parsed === null || Number.isNaN(parsed) ? null : parsed);
      }}
    />
  );
}

/** A number field bound to a `number | null` field. */
export function NumberField<V extends Record<string, unknown>>({
  form,
  name,
  step,
  min,
  max,
  onValueChange,
  ...rest
}: BoundProps<V> & {
  step?: number | 'any';
  min?: number;
  max?: number;
  /** Called after the person changes the value (the form already holds it): to move a field that follows it. */
  onValueChange?: (value: number | null) => void;
}) {
  return (
    <Field {...rest} error={form.error(name)}>
      <NumberInput
        name={name}
        step={step}
        min={min}
        max={max}
        value={form.values[name] as number | null}
        onChange={(v) => {
          form.set(name, v as V[typeof name]);
          onValueChange?.(v);
        }}
      />
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A select bound to a string field; `placeholder` adds an empty first choice. */
export function SelectField<V extends Record<string, unknown>>({
  form,
  name,
  options,
  placeholder,
  ...rest
}: BoundProps<V> & { options: readonly SelectOption[]; placeholder?: string }) {
  const value = form.values[name];
  return (
    <Field {...rest} error={form.error(name)}>
      <Select
        name={name}
        block
        value={value == null ? '' : String(value)}
        onChange={(e) => form.set(name, e.target.value as V[typeof name])}
      >
        {placeholder !== undefined && <Select.Option value="">{placeholder}</Select.Option>}
        {options.map((option) => (
          <Select.Option key={option.value} value={option.value}>
            {option.label}
          </Select.Option>
        ))}
      </Select>
    </Field>
  );
}

/** A checkbox bound to a boolean field. */
export function CheckboxField<V extends Record<string, unknown>>({
  form,
  name,
  label,
  caption,
  disabled,
  className,
  onValueChange,
}: BoundProps<V> & {
  /** Called after the person ticks or unticks it (the form already holds it). */
  onValueChange?: (checked: boolean) => void;
}) {
  const error = form.error(name);
  const errorId = useId();
  // Primer draws no validation message for a lone checkbox: the message goes under its caption, the
  // checkbox marked invalid and pointing at it.
  return (
    <FormControl disabled={disabled} className={className}>
      <Checkbox
        name={name}
        checked={form.values[name] === true}
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? errorId : undefined}
        onChange={(e) => {
          form.set(name, e.target.checked as V[typeof name]);
          onValueChange?.(e.target.checked);
        }}
      />
      <FormControl.Label>{label}</FormControl.Label>
      {(caption || error) && (
        <FormControl.Caption>
          {caption}
          {error && (
            <span id={errorId} className={classes.checkboxError}>
              <AlertFillIcon size={12} aria-hidden="true" />
              {error}
            </span>
          )}
        </FormControl.Caption>
      )}
    </FormControl>
  );
}
