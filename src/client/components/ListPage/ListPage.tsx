import { Heading, Text } from '@primer/react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { savedViewListKeyOf, type TSavedViewListKey } from '../../../shared/constants/saved-views.ts';
import { SavedViews } from '../SavedViews/SavedViews.tsx';
import { type NoticeApi, NoticeArea } from './notices.tsx';
import classes from './ListPage.module.css';

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
