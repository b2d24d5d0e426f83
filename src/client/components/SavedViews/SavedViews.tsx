// Saved views of a list: a "Views" menu beside the list's actions that
// applies a saved list state (navigates to the list with its query), saves the current one under a name,
// personal or shared with the caller's customer, and opens "Manage views" to rename, re-save or delete.
import { BookmarkIcon, CheckIcon, PencilIcon, PlusIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu, Spinner } from '@primer/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { SAVED_VIEW_LISTS, type TSavedViewListKey } from '../../../shared/constants/saved-views.ts';
import type { TSavedView } from '../../../shared/schemas/views.ts';
import { useCan } from '../../lib/can.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import type { NoticeApi } from '../ListPage/notices.tsx';

// The dialogs load when one opens (they validate with the views' schemas, which the list does not need).
const loadDialogs = () => import('./SavedViewDialogs.tsx');
const ViewDialog = lazy(() => loadDialogs().then((m) => ({ default: m.ViewDialog })));
const ManageViewsDialog = lazy(() => loadDialogs().then((m) => ({ default: m.ManageViewsDialog })));

export interface SavedViewsProps {
  /** The list whose views these are (one of SAVED_VIEW_LISTS). */
  listKey: TSavedViewListKey;
  /** Where saves and deletions are announced (the list page's notice area). */
  notices?: NoticeApi;
}

/** A list query as views keep it: without the page (a view is a filter, not a position) and sorted. */
export function viewQueryOf(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  params.sort();
  return params.toString();
}

/** The "Views" menu of a list; nothing for callers who may not keep views (`client`). */
export function SavedViews(props: SavedViewsProps) {
  const can = useCan();
  if (!can('read', 'SavedView')) return null;
  // The `views` strings load on demand; the list renders meanwhile.
  return (
    <Suspense fallback={null}>
      <SavedViewsMenu {...props} />
    </Suspense>
  );
}

type Editing = { view: TSavedView | null } | null;

function SavedViewsMenu({ listKey, notices }: SavedViewsProps) {
  const { t } = useTranslation('views');
  const { user } = useSession();
  const search = useSearch();
  const [, navigate] = useLocation();
  const anchor = useRef<HTMLButtonElement>(null);
  const list = trpc.views.list.useQuery({ listKey }, { staleTime: 30_000 });
  const [editing, setEditing] = useState<Editing>(null);
  const [managing, setManaging] = useState(false);
  const current = viewQueryOf(search);
  const views = list.data?.items ?? [];
  const mine = views.filter((v) => v.ownerId === user?.id);
  const others = views.filter((v) => v.ownerId !== user?.id);

  const apply = (view: TSavedView) => {
    navigate(`${SAVED_VIEW_LISTS[listKey]}${view.query ? `?${view.query}` : ''}`);
    notices?.success(t('notices.applied', { name: view.name }));
  };
  const item = (view: TSavedView) => {
    const active = viewQueryOf(view.query) === current;
    return (
      <ActionList.Item key={view.id} onSelect={() => apply(view)} aria-current={active ? 'true' : undefined}>
        <ActionList.LeadingVisual>{active ? <CheckIcon /> : null}</ActionList.LeadingVisual>
        {view.name}
        {/* Trailing text is part of the item's accessible name (a description would not be). */}
        {(view.shared || view.ownerId !== user?.id) && (
          <ActionList.TrailingVisual>
            {/* The leading space keeps the visible text ("Name Shared") equal to the accessible name. */}
            {` ${view.ownerId === user?.id ? t('sharedLabel') : t('by', { name: view.ownerName })}`}
          </ActionList.TrailingVisual>
        )}
      </ActionList.Item>
    );
  };

  return (
    <>
      <ActionMenu anchorRef={anchor}>
        <ActionMenu.Button leadingVisual={BookmarkIcon}>{t('button')}</ActionMenu.Button>
        <ActionMenu.Overlay width="medium" align="end">
          <ActionList>
            {list.isLoading && (
              <ActionList.Item disabled>
                <ActionList.LeadingVisual>
                  <Spinner size="small" srText={null} />
                </ActionList.LeadingVisual>
                {t('loading')}
              </ActionList.Item>
            )}
            {list.isError && (
              <ActionList.Item onSelect={() => void list.refetch()}>
                {t('loadFailed')}
                <ActionList.TrailingVisual>{` ${t('retry')}`}</ActionList.TrailingVisual>
              </ActionList.Item>
            )}
            {list.isSuccess && views.length === 0 && <ActionList.Item disabled>{t('empty')}</ActionList.Item>}
            {mine.length > 0 && (
              <ActionList.Group>
                <ActionList.GroupHeading>{t('mine')}</ActionList.GroupHeading>
                {mine.map(item)}
              </ActionList.Group>
            )}
            {others.length > 0 && (
              <ActionList.Group>
                <ActionList.GroupHeading>{t('sharedWithMe')}</ActionList.GroupHeading>
                {others.map(item)}
              </ActionList.Group>
            )}
            <ActionList.Divider />
            <ActionList.Item onSelect={() => setEditing({ view: null })}>
              <ActionList.LeadingVisual>
                <PlusIcon />
              </ActionList.LeadingVisual>
              {t('saveCurrent')}
            </ActionList.Item>
            {views.length > 0 && (
              <ActionList.Item onSelect={() => setManaging(true)}>
                <ActionList.LeadingVisual>
                  <PencilIcon />
                </ActionList.LeadingVisual>
                {t('manage')}
              </ActionList.Item>
            )}
          </ActionList>
        </ActionMenu.Overlay>
      </ActionMenu>
      {managing && (
        <Suspense fallback={null}>
          <ManageViewsDialog
            views={views}
            notices={notices}
            returnFocusRef={anchor}
            onEdit={(view) => setEditing({ view })}
            onClose={() => setManaging(false)}
          />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={null}>
          <ViewDialog
            listKey={listKey}
            view={editing.view}
            current={current}
            onClose={() => {
              setEditing(null);
              // Back to where the user came from: the manage dialog's list, else the menu button.
              if (!managing) requestAnimationFrame(() => anchor.current?.focus());
            }}
            onSaved={(view, created) =>
              notices?.success(t(created ? 'notices.saved' : 'notices.updated', { name: view.name }))
            }
          />
        </Suspense>
      )}
    </>
  );
}
