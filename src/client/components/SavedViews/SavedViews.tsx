// Saved views of a list: a "Views" menu beside the list's actions that
// applies a saved list state (navigates to the list with its query), saves the current one under a name,
// personal or shared with the caller's customer, and opens "Manage views" to rename, re-save or delete.
import { BookmarkIcon, CheckIcon, PencilIcon, PlusIcon, TrashIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu, Button, Dialog, IconButton, Label, Spinner, Text } from '@primer/react';
import { type RefObject, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import {
  SAVED_VIEW_LISTS,
  type TSavedView,
  type TSavedViewListKey,
  ZCreateSavedViewInput,
  ZUpdateSavedViewInput,
} from '../../../shared/schemas/views.ts';
import { useCan } from '../../lib/can.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import { CheckboxField, FormDialog, TextField, useZodForm } from '../FormDialog/index.ts';
import type { NoticeApi } from '../ListPage/notices.tsx';
import { useConfirmDialog } from '../ListPage/useConfirmDialog.tsx';
import classes from './SavedViews.module.css';

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
        <ManageViewsDialog
          views={views}
          notices={notices}
          returnFocusRef={anchor}
          onEdit={(view) => setEditing({ view })}
          onClose={() => setManaging(false)}
        />
      )}
      {editing && (
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
      )}
    </>
  );
}

/** Save the current list state under a name, or edit a view (name, sharing, replace its filters). */
function ViewDialog({
  listKey,
  view,
  current,
  onClose,
  onSaved,
}: {
  listKey: TSavedViewListKey;
  view: TSavedView | null;
  current: string;
  onClose: () => void;
  onSaved: (view: TSavedView, created: boolean) => void;
}) {
  const { t } = useTranslation('views');
  const { user } = useSession();
  const utils = trpc.useUtils();
  const create = trpc.views.create.useMutation();
  const update = trpc.views.update.useMutation();
  const canShare = user?.customerId != null;
  const form = useZodForm(
    view ? ZUpdateSavedViewInput : ZCreateSavedViewInput,
    { name: view?.name ?? '', shared: view?.shared ?? false, replaceQuery: false },
    ({ name, shared, replaceQuery }) =>
      view
        ? { id: view.id, name, shared, query: replaceQuery ? current : undefined }
        : { listKey, name, shared, query: current },
  );
  return (
    <FormDialog
      title={view ? t('editTitle', { name: view.name }) : t('saveTitle')}
      subtitle={view ? undefined : t('saveSubtitle')}
      form={form}
      width="medium"
      submitLabel={view ? t('update') : t('save')}
      onClose={onClose}
      onSubmit={async (data) => {
        const saved = view ? await update.mutateAsync(data as never) : await create.mutateAsync(data as never);
        await utils.views.list.invalidate({ listKey });
        onSaved(saved, !view);
      }}
    >
      <TextField form={form} name="name" label={t('name')} required autoComplete="off" />
      {canShare && (
        <CheckboxField
          form={form}
          name="shared"
          label={t('shared')}
          caption={t('sharedCaption', { customer: user?.customerCode ?? '' })}
        />
      )}
      {view && (
        <CheckboxField form={form} name="replaceQuery" label={t('replaceQuery')} caption={t('replaceQueryCaption')} />
      )}
    </FormDialog>
  );
}

/** The views of the list with what the caller may do to each: edit their own, delete own (admins: shared ones too). */
function ManageViewsDialog({
  views,
  notices,
  returnFocusRef,
  onEdit,
  onClose,
}: {
  views: TSavedView[];
  notices?: NoticeApi;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
  onEdit: (view: TSavedView) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('views');
  const can = useCan();
  const utils = trpc.useUtils();
  const remove = trpc.views.delete.useMutation();
  const { confirm, dialog } = useConfirmDialog();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);

  const askDelete = async (view: TSavedView) => {
    const ok = await confirm({
      title: t('confirmDelete.title', { name: view.name }),
      content: view.shared ? t('confirmDelete.shared') : t('confirmDelete.personal'),
      confirmLabel: t('delete'),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ id: view.id });
      setError(null);
      await utils.views.list.invalidate({ listKey: view.listKey });
      notices?.success(t('notices.deleted', { name: view.name }));
    } catch (e) {
      setError(errorText.error(e));
    }
  };

  return (
    <Dialog
      title={t('manageTitle')}
      width="large"
      position={{ narrow: 'fullscreen', regular: 'center' }}
      returnFocusRef={returnFocusRef}
      onClose={onClose}
      footerButtons={[{ content: t('close'), onClick: onClose }]}
    >
      {error && (
        <Text as="p" role="alert" className={classes.error}>
          {error}
        </Text>
      )}
      {views.length === 0 ? (
        <Text as="p" className={classes.muted}>
          {t('empty')}
        </Text>
      ) : (
        <ul className={classes.list} aria-label={t('manageTitle')}>
          {views.map((view) => {
            const record = { ownerId: view.ownerId, shared: view.shared, customerId: view.customerId };
            const canEdit = can('update', 'SavedView', record);
            const canDelete = can('delete', 'SavedView', record);
            return (
              <li key={view.id} className={classes.row}>
                <div className={classes.titles}>
                  <span className={classes.name}>{view.name}</span>
                  <span className={classes.meta}>
                    {view.shared && <Label variant="accent">{t('sharedLabel')}</Label>}
                    {!canEdit && <span>{t('by', { name: view.ownerName })}</span>}
                  </span>
                </div>
                <div className={classes.buttons}>
                  {canEdit && (
                    <Button
                      size="small"
                      leadingVisual={PencilIcon}
                      onClick={() => onEdit(view)}
                      aria-label={t('editNamed', { name: view.name })}
                    >
                      {t('edit')}
                    </Button>
                  )}
                  {canDelete && (
                    <IconButton
                      size="small"
                      variant="danger"
                      icon={TrashIcon}
                      aria-label={t('deleteNamed', { name: view.name })}
                      onClick={() => void askDelete(view)}
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {dialog}
    </Dialog>
  );
}
