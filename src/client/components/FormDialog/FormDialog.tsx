import { Banner, Dialog, type DialogWidth, useConfirm } from '@primer/react';
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaleRecordError } from '../../../shared/errors.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { useUnsavedChangesGuard } from '../UnsavedChanges/index.ts';
import { StaleRecordBanner } from './StaleRecordBanner.tsx';
import type { ZodForm } from './useZodForm.ts';
import classes from './FormDialog.module.css';

export interface FormDialogProps<V extends Record<string, unknown>, O> {
  /** Dialog title; also its accessible name. */
  title: string;
  subtitle?: ReactNode;
  /** The form state from `useZodForm`. */
  form: ZodForm<V, O>;
  /** Called with the parsed input; a rejection puts the server's messages on the fields and keeps the dialog open. */
  onSubmit: (data: O) => Promise<unknown>;
  /**
   * Closed by Cancel, or after a successful submit; Escape, the close button and a click outside ask
   * "Discard changes?" first when the form has unsaved changes.
   */
  onClose: () => void;
  /** Label of the submit button (default "Save"). */
  submitLabel?: string;
  /** Dialog width (default `large`, 480 px). */
  width?: DialogWidth;
  /** Extra content in the footer, before Cancel (e.g. a preview toggle). */
  footerStart?: ReactNode;
  children: ReactNode;
  className?: string;
  /**
   * When a save is refused because someone else changed the record since it was read (its version
   * moved), the dialog offers "Reload" (this; resolves false when the record cannot be read again)
   * and "Overwrite" (the same input sent again without the version). Without it, only Overwrite.
   */
  onReload?: () => Promise<boolean>;
  /** The input field carrying the version read (default `version`; schemes: `lockVersion`). */
  versionKey?: string;
  /** Opens as a drawer at the inline end on wide screens (still fullscreen on phones). */
  drawer?: boolean;
}

/**
 * A Primer Dialog around a form validated by a shared zod schema: focus starts on the first field,
 * a failed submit moves focus to the first invalid field and announces the form-level message,
 * and the dialog closes only once the server accepted the change. Unsaved changes are never lost
 * silently: Escape, the close button, a click outside, leaving the page or reloading ask first.
 * Fullscreen on narrow screens.
 */
export function FormDialog<V extends Record<string, unknown>, O>({
  title,
  subtitle,
  form,
  onSubmit,
  onClose,
  submitLabel,
  width = 'large',
  footerStart,
  children,
  className,
  onReload,
  versionKey = 'version',
  drawer = false,
}: FormDialogProps<V, O>) {
  const { t } = useTranslation('forms');
  const errorText = useErrorText();
  const confirm = useConfirm();
  // The input a save refused as stale (to send again on Overwrite), and what Reload/Overwrite are doing.
  const [stale, setStale] = useState<{ data: O } | null>(null);
  const [staleBusy, setStaleBusy] = useState<'reload' | 'overwrite' | null>(null);
  const [staleError, setStaleError] = useState<string | null>(null);
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // An Enter that opened the dialog (on a row or a menu item) may finish inside it: a key press with no
  // key down in the form since it opened must not submit it.
  const keyDownSeen = useRef(false);
  // While a save is under way, navigating is the save's own doing (e.g. "Create and edit").
  const guard = useUnsavedChangesGuard(form.dirty && !form.submitting);

  /** Escape, the close button or a click outside: ask before throwing edits away. */
  const requestClose = async () => {
    if (form.submitting) return;
    if (await guard.confirmDiscard()) onClose();
  };

  // Runs before the Dialog's focus trap, which keeps focus that is already inside it.
  useLayoutEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input:not([type=hidden]),select,textarea')?.focus();
  }, []);

  useEffect(() => {
    if (!form.failedSubmits) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [form.failedSubmits]);

  const submit = form.handleSubmit(async (data) => {
    setStale(null);
    setStaleError(null);
    try {
      await onSubmit(data);
    } catch (error) {
      if (!isStaleRecordError(error)) throw error;
      setStale({ data });
      return;
    }
    onClose();
  });

  const overwrite = async () => {
    if (!stale) return;
    setStaleBusy('overwrite');
    setStaleError(null);
    try {
      await onSubmit({ ...stale.data, [versionKey]: undefined });
      onClose();
    } catch (error) {
      setStaleError(errorText.error(error));
    } finally {
      setStaleBusy(null);
    }
  };

  const reload = async () => {
    if (!onReload) return;
    const go = await confirm({
      title: t('staleReloadConfirmTitle'),
      content: t('staleReloadConfirm'),
      confirmButtonContent: t('staleReload'),
    });
    if (!go) return;
    setStaleBusy('reload');
    const reloaded = await onReload().catch(() => false);
    setStaleBusy(null);
    if (!reloaded) setStaleError(t('staleGone'));
  };

  return (
    <Dialog
      title={title}
      subtitle={subtitle}
      width={width}
      position={{ narrow: 'fullscreen', regular: drawer ? 'right' : 'center' }}
      onClose={() => void requestClose()}
      className={className}
      renderFooter={() => (
        <Dialog.Footer>
          {footerStart && <div className={classes.footerStart}>{footerStart}</div>}
          <Dialog.Buttons
            buttons={[
              { content: t('cancel'), onClick: onClose, disabled: form.submitting },
              {
                content: submitLabel ?? t('save'),
                buttonType: 'primary',
                type: 'submit',
                form: formId,
                loading: form.submitting,
              },
            ]}
          />
        </Dialog.Footer>
      )}
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={(e) => void submit(e)}
        onKeyDown={() => {
          keyDownSeen.current = true;
        }}
        onKeyPress={(e) => {
          if (e.key === 'Enter' && !keyDownSeen.current) e.preventDefault();
        }}
        className={classes.form}
      >
        {stale && (
          <StaleRecordBanner
            error={staleError}
            busy={staleBusy}
            onOverwrite={() => void overwrite()}
            onReload={onReload ? () => void reload() : undefined}
          />
        )}
        {form.formError && (
          <Banner variant="critical" title={t('formErrorTitle')} description={form.formError} aria-live="assertive" />
        )}
        {children}
      </form>
    </Dialog>
  );
}
