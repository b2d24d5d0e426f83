import { AlertFillIcon } from '@primer/octicons-react';
import { TextInput } from '@primer/react';
import { type ChangeEvent, type ReactNode, useId } from 'react';
import classes from './TextField.module.css';

export interface TextFieldProps {
  /** The visible label, also the input's accessible name. */
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
  autoFocus?: boolean;
  /** Help text under the input. */
  caption?: ReactNode;
  /** A validation message; marks the input invalid. */
  error?: string;
  className?: string;
}

/**
 * A labelled Primer TextInput with caption and validation message. Lighter than FormControl (which pulls
 * every input kind into the chunk), so the sign-in page stays within its size budget.
 */
export function TextField({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  required,
  autoFocus,
  caption,
  error,
  className,
}: TextFieldProps) {
  const id = useId();
  const captionId = `${id}-caption`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, caption ? captionId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[classes.TextField, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <TextInput
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        autoComplete={autoComplete}
        required={required}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        validationStatus={error ? 'error' : undefined}
        block
      />
      {error && (
        <p id={errorId} className={classes.error}>
          <AlertFillIcon size={12} className={classes.errorIcon} />
          <span>{error}</span>
        </p>
      )}
      {caption && (
        <div id={captionId} className={classes.caption}>
          {caption}
        </div>
      )}
    </div>
  );
}
