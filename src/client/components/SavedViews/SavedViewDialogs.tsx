// The dialogs of the saved views menu (SavedViews.tsx), loaded when one opens: saving or editing a view
// validates with the views' schemas, which a list's first load does not need.
import { PencilIcon, TrashIcon } from '@primer/octicons-react';
import { Button, Dialog, IconButton, Label, Text } from '@primer/react';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSavedViewListKey } from '../../../shared/constants/saved-views.ts';
import { type TSavedView, ZCreateSavedViewInput, ZUpdateSavedViewInput } from '../../../shared/schemas/views.ts';
import { useCan } from '../../lib/can.ts';
import { useErrorText } from '../../lib/error-text.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import { CheckboxField, FormDialog, TextField, useZodForm } from '../FormDialog/index.ts';
import type { NoticeApi } from '../ListPage/notices.tsx';
import { useConfirmDialog } from '../ListPage/useConfirmDialog.tsx';
import classes from './SavedViews.module.css';

/** Save the current list state under a name, or edit a view (name, sharing, replace its filters). */
export function ViewDialog({
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
export function ManageViewsDialog({
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
