// The outcome of a page's last action (saved, archived, refused…): its state and its live region.
// Its own module so SavedViews, which ListPage renders, can take a NoticeApi without a cycle.
import { Banner } from '@primer/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseError } from '../../../shared/errors.ts';
import { useValidationMessage } from '../FormDialog/useZodForm.ts';
import classes from './ListPage.module.css';

export interface Notice {
  variant: 'success' | 'critical';
  message: string;
}

export interface NoticeApi {
  notice: Notice | null;
  dismiss: () => void;
  success: (message: string) => void;
  failure: (error: unknown) => void;
  /** Run an action (archive, restore…): a success message when it resolves, the server's message when it fails. */
  run: (action: () => Promise<unknown>, successMessage: string) => Promise<boolean>;
}

/** The outcome of the last row action, shown above the list and announced to screen readers. */
export function useNotice(): NoticeApi {
  const [notice, setNotice] = useState<Notice | null>(null);
  const translate = useValidationMessage();
  const failure = useCallback((error: unknown) => setNotice({ variant: 'critical', message: translate(parseError(error).message) }), [translate]);
  const run = useCallback(
    async (action: () => Promise<unknown>, successMessage: string) => {
      try {
        await action();
        setNotice({ variant: 'success', message: successMessage });
        return true;
      } catch (error) {
        failure(error);
        return false;
      }
    },
    [failure],
  );
  return {
    notice,
    dismiss: () => setNotice(null),
    success: (message) => setNotice({ variant: 'success', message }),
    failure,
    run,
  };
}

/** The live region showing the last notice (success or refusal), dismissible. */
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
