// The outcome of a page's actions: successes go to the app's toasts (with Undo where the action can be
// undone), refusals and failures that need the user's action stay inline above the list until dismissed.
// Its own module so SavedViews, which ListPage renders, can take a NoticeApi without a cycle.
import { Banner } from '@primer/react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/error-text.ts';
import { type ToastApi, useToast } from '../Toast/Toast.tsx';
import classes from './ListPage.module.css';

export interface Notice {
  variant: 'critical';
  message: string;
}

/** An action that undoes a success (restore after archive), and what to say when it did. */
export interface Undo {
  run: () => Promise<unknown>;
  message: ReactNode;
}

export interface SuccessOptions {
  undo?: Undo;
  /** 'info' for a partial success (a bulk run with refusals). */
  variant?: 'success' | 'info';
  /** null keeps the toast until dismissed (a summary with reasons to read). */
  duration?: number | null;
}

export interface NoticeApi {
  /** The inline refusal or failure, if any. */
  notice: Notice | null;
  dismiss: () => void;
  /** A success toast (with Undo when given); clears a previous inline failure. */
  success: (message: ReactNode, options?: SuccessOptions) => void;
  failure: (error: unknown) => void;
  /** Run an action (archive, restore…): a success toast when it resolves, the server's message inline when it fails. */
  run: (action: () => Promise<unknown>, successMessage: ReactNode, options?: { undo?: Undo }) => Promise<boolean>;
  /** The app's toasts, for progress and summaries. */
  toast: ToastApi;
}

/** Feedback of a list page: toasts for successes, an inline banner for refusals. */
export function useNotice(): NoticeApi {
  const { t } = useTranslation('forms');
  const [notice, setNotice] = useState<Notice | null>(null);
  const errorText = useErrorText();
  const toast = useToast();
  const failure = useCallback(
    (error: unknown) => setNotice({ variant: 'critical', message: errorText.error(error) }),
    [errorText],
  );
  const success = useCallback(
    (message: ReactNode, options: SuccessOptions = {}) => {
      setNotice(null);
      const { undo, variant = 'success', duration } = options;
      toast.show({
        message,
        variant,
        duration,
        action: undo && {
          label: t('undo'),
          onAction: async () => {
            try {
              await undo.run();
              toast.show({ message: undo.message, variant: 'success' });
            } catch (error) {
              failure(error);
            }
          },
        },
      });
    },
    [toast, t, failure],
  );
  const run = useCallback(
    async (action: () => Promise<unknown>, successMessage: ReactNode, options?: { undo?: Undo }) => {
      try {
        await action();
        success(successMessage, options);
        return true;
      } catch (error) {
        failure(error);
        return false;
      }
    },
    [failure, success],
  );
  return useMemo(
    () => ({ notice, dismiss: () => setNotice(null), success, failure, run, toast }),
    [notice, success, failure, run, toast],
  );
}

/** The inline refusal or failure of the last action (successes are toasts), announced and dismissible. */
export function NoticeArea({ notices }: { notices: NoticeApi }) {
  const { t } = useTranslation('forms');
  return (
    <div role="status" aria-live="polite" className={classes.live}>
      {notices.notice && (
        <Banner
          variant={notices.notice.variant}
          title={notices.notice.message}
          hideTitle={false}
          onDismiss={notices.dismiss}
          aria-label={t('notice')}
        />
      )}
    </div>
  );
}
