import { Banner, Heading, Text } from '@primer/react';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { parseError } from '../../../shared/errors.ts';
import { savedViewListKeyOf, type TSavedViewListKey } from '../../../shared/schemas/views.ts';
import { SavedViews } from '../SavedViews/SavedViews.tsx';
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

export interface ListPageProps {
  title: string;
  description?: string;
  /** Primary actions beside the title (create…). */
  actions?: ReactNode;
  notices?: NoticeApi;
  /** Content between the header and the list (summary cards…). */
  children: ReactNode;
  className?: string;
  /** The list whose saved views the "Views" menu offers: by default the current path's (SAVED_VIEW_LISTS); null for none. */
  listKey?: TSavedViewListKey | null;
}

/** Frame of a list page: heading, description, saved views, primary actions and the live notice area. */
export function ListPage({ title, description, actions, notices, children, className, listKey }: ListPageProps) {
  const [path] = useLocation();
  const viewsKey = listKey === undefined ? savedViewListKeyOf(path) : listKey;
  return (
    <div className={[classes.page, className].filter(Boolean).join(' ')}>
      <header className={classes.header}>
        <div className={classes.titles}>
          <Heading as="h1" className={classes.title}>
            {title}
          </Heading>
          {description && (
            <Text as="p" className={classes.description}>
              {description}
            </Text>
          )}
        </div>
        {(actions || viewsKey) && (
          <div className={classes.actions}>
            {viewsKey && <SavedViews listKey={viewsKey} notices={notices} />}
            {actions}
          </div>
        )}
      </header>
      {notices && <NoticeArea notices={notices} />}
      {children}
    </div>
  );
}
