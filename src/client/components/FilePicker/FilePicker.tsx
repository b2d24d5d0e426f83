import { UploadIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useId, useRef } from 'react';
import classes from './FilePicker.module.css';

/**
 * A file picker in Primer's look: a button that opens the browser's file chooser (the native input stays in
 * the page, out of sight and out of the accessibility tree, so pickers and tests can still hand it files). The
 * button carries the label; the hint is its description.
 */
export function FilePicker({
  label,
  hint,
  onFiles,
  multiple = false,
  accept,
  disabled = false,
  loading = false,
  className,
}: {
  /** The button's text ("Add files"). */
  label: string;
  /** Said under the button and read as its description. */
  hint?: string;
  /** The chosen files (the input is emptied after, so the same file may be chosen again). */
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  accept?: string;
  disabled?: boolean;
  /** A choice is being handled (uploading). */
  loading?: boolean;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  return (
    <div className={[classes.picker, className].filter(Boolean).join(' ')}>
      <Button
        leadingVisual={UploadIcon}
        onClick={() => input.current?.click()}
        disabled={disabled}
        loading={loading}
        aria-describedby={hint ? hintId : undefined}
      >
        {label}
      </Button>
      {hint && (
        <span id={hintId} className={classes.hint}>
          {hint}
        </span>
      )}
      <input
        ref={input}
        type="file"
        className={classes.input}
        aria-hidden="true"
        tabIndex={-1}
        multiple={multiple}
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
