// What the scheme editor's buttons do: go back (asking when there are unsaved changes), save (a new
// version when the open one is published), publish, archive or restore, delete a draft. A save refused
// because someone else changed the version meanwhile offers to overwrite their changes or reload.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaleRecordError, parseError } from '../../../../shared/errors.ts';
import type { TSchemeDetail, TUpdateSchemeInput } from '../../../../shared/schemas/schemes.ts';
import { useConfirmDialog, type NoticeApi } from '../../../components/ListPage/index.ts';
import { useCan } from '../../../lib/can.ts';
import { trpc } from '../../../lib/trpc.ts';
import type { SchemeDraftState } from './useSchemeDraft.ts';

export interface SchemeAccess {
  canUpdate: boolean;
  canDelete: boolean;
  /** Nothing to edit: no right to, an archived version, or an older one. */
  readOnly: boolean;
}

/** What the caller may do with this version. */
export function useSchemeAccess(detail: TSchemeDetail): SchemeAccess {
  const can = useCan();
  const record = { customerId: detail.customerId };
  const canUpdate = can('update', 'Scheme', record);
  const canDelete = can('delete', 'Scheme', record);
  return { canUpdate, canDelete, readOnly: !canUpdate || detail.status === 'archived' || !detail.isLatest };
}

export interface SchemeActionsOptions {
  detail: TSchemeDetail;
  scheme: Pick<SchemeDraftState, 'form' | 'dirty'>;
  notices: NoticeApi;
  onBack: () => void;
  onOpen: (id: number) => void;
}

export type SchemeActions = ReturnType<typeof useSchemeActions>;

export function useSchemeActions({ detail, scheme: { form, dirty }, notices, onBack, onOpen }: SchemeActionsOptions) {
  const { t } = useTranslation('business');
  const { t: tf } = useTranslation('forms');
  const utils = trpc.useUtils();
  const update = trpc.schemes.update.useMutation();
  const publish = trpc.schemes.publish.useMutation();
  const archive = trpc.schemes.archive.useMutation();
  const restore = trpc.schemes.restore.useMutation();
  const remove = trpc.schemes.delete.useMutation();
  const { confirm, dialog } = useConfirmDialog();

  async function back() {
    if (dirty && !(await confirm({ title: t('schemes.discardTitle'), content: t('schemes.discardBody'), confirmLabel: t('schemes.discard') }))) return;
    onBack();
  }

  // The input a save refused as stale (sent again without lockVersion on Overwrite), and what
  // Reload/Overwrite are doing.
  const [stale, setStale] = useState<TUpdateSchemeInput | null>(null);
  const [staleBusy, setStaleBusy] = useState<'reload' | 'overwrite' | null>(null);
  const [staleError, setStaleError] = useState<string | null>(null);

  const save = form.handleSubmit(async (data) => {
    setStale(null);
    setStaleError(null);
    try {
      await store(data);
    } catch (error) {
      if (!isStaleRecordError(error)) throw error;
      setStale(data);
    }
  });

  async function overwrite() {
    if (!stale) return;
    setStaleBusy('overwrite');
    setStaleError(null);
    try {
      await store({ ...stale, lockVersion: undefined });
      setStale(null);
    } catch (error) {
      setStaleError(parseError(error).message);
    } finally {
      setStaleBusy(null);
    }
  }

  /** Read the version again: the editor starts afresh on it (its key is the version's updatedAt). */
  async function reload() {
    const ok = await confirm({ title: tf('staleReloadConfirmTitle'), content: tf('staleReloadConfirm'), confirmLabel: tf('staleReload') });
    if (!ok) return;
    setStaleBusy('reload');
    try {
      await utils.schemes.invalidate();
      setStale(null);
    } catch {
      setStaleError(tf('staleGone'));
    } finally {
      setStaleBusy(null);
    }
  }

  async function store(data: TUpdateSchemeInput) {
    const saved = await update.mutateAsync(data);
    await utils.schemes.invalidate();
    if (saved.id !== detail.id) {
      notices.success(t('schemes.versionCreated', { version: saved.version }));
      onOpen(saved.id);
    } else {
      notices.success(t('notices.saved', { name: saved.name }));
    }
  }

  async function doPublish() {
    const ok = await confirm({
      title: t('schemes.publishTitle', { name: detail.name, version: detail.version }),
      content: t('schemes.publishBody'),
      confirmLabel: t('schemes.publish'),
      danger: false,
    });
    if (!ok) return;
    await notices.run(async () => {
      await publish.mutateAsync({ id: detail.id });
      await utils.schemes.invalidate();
    }, t('schemes.published', { name: detail.name, version: detail.version }));
  }

  async function doArchive(archived: boolean) {
    await notices.run(
      async () => {
        await (archived ? restore : archive).mutateAsync({ id: detail.id });
        await utils.schemes.invalidate();
      },
      t(archived ? 'notices.restored' : 'notices.archived', { name: detail.name }),
    );
  }

  async function doDelete() {
    const ok = await confirm({ title: t('confirmDelete.title', { name: detail.name }), content: t('schemes.deleteHint'), confirmLabel: t('actions.delete') });
    if (!ok) return;
    const done = await notices.run(async () => {
      await remove.mutateAsync({ id: detail.id });
      await utils.schemes.invalidate();
    }, t('notices.deleted', { name: detail.name }));
    if (done) onBack();
  }

  return {
    back,
    save,
    /** Set after a save refused as stale: the banner's state and its two actions. */
    stale: stale ? { error: staleError, busy: staleBusy, overwrite: () => void overwrite(), reload: () => void reload() } : null,
    publish: doPublish,
    publishing: publish.isPending,
    archive: () => doArchive(false),
    restore: () => doArchive(true),
    deleteDraft: doDelete,
    /** The confirmation dialog; render it once. */
    dialog,
  };
}
