import { ConfirmationDialog } from '@primer/react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  confirmLabel: string;
  /** Danger (default) focuses Cancel first so Enter never destroys by accident. */
  danger?: boolean;
}

/**
 * A confirmation dialog rendered inside the app tree (so it follows the theme and language):
 * `await confirm({...})` resolves true when confirmed. Render `dialog` once in the page.
 */
export function useConfirmDialog(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation('forms');
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);
  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const dialog = options ? (
    <ConfirmationDialog
      title={options.title}
      confirmButtonContent={options.confirmLabel}
      cancelButtonContent={t('cancel')}
      confirmButtonType={options.danger === false ? 'primary' : 'danger'}
      onClose={(gesture) => {
        resolver.current?.(gesture === 'confirm');
        resolver.current = null;
        setOptions(null);
      }}
    >
      {options.content}
    </ConfirmationDialog>
  ) : null;
  return { confirm, dialog };
}
