// What the scheme editor's buttons do: go back (a pending draft saved first), save (a new version when
// the open one is published), publish, archive or restore, delete a draft; and a draft's automatic save
// a moment after each change. A save refused because someone else changed the version meanwhile offers
// to overwrite their changes or reload, and automatic saving waits for that choice.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaleRecordError } from '../../../../shared/errors.ts';
import { type TSchemeDetail, type TUpdateSchemeInput, ZUpdateSchemeInput } from '../../../../shared/schemas/schemes.ts';
import { type NoticeApi, useConfirmDialog } from '../../../components/ListPage/index.ts';
import type { UnsavedChangesGuard } from '../../../components/UnsavedChanges/index.ts';
import { useCan } from '../../../lib/can.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import type { SchemeDraft } from './scheme-draft.ts';
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
  scheme: SchemeDraftState;
  notices: NoticeApi;
  onBack: () => void;
  onOpen: (id: number) => void;
  /** Start the editor afresh on the version as the server now has it (after publish, archive, reload). */
  restart: () => void;
  /** The editor's unsaved-changes guard (navigations the editor makes itself after a save pass it). */
  guard: UnsavedChangesGuard;
  /** Whether drafts save themselves (an editable draft version). */
  autosave: boolean;
}

export type SchemeActions = ReturnType<typeof useSchemeActions>;

/** How long the editor waits after the last change before it saves a draft by itself. */
export const AUTOSAVE_DELAY_MS = 1000;

export type AutosaveState = 'idle' | 'saving' | 'failed' | 'invalid' | 'stale';

export function useSchemeActions({
  detail,
  scheme,
  notices,
  onBack,
  onOpen,
  restart,
  guard,
  autosave,
}: SchemeActionsOptions) {
  const { t } = useTranslation('business');
  const { t: tf } = useTranslation('forms');
  const errorText = useErrorText();
  const { form, dirty, draft } = scheme;
  const utils = trpc.useUtils();
  const update = trpc.schemes.update.useMutation();
  const publish = trpc.schemes.publish.useMutation();
  const archive = trpc.schemes.archive.useMutation();
  const restore = trpc.schemes.restore.useMutation();
  const remove = trpc.schemes.delete.useMutation();
  const { confirm, dialog } = useConfirmDialog();

  // The input a save refused as stale (sent again without lockVersion on Overwrite) with the draft it
  // came from, and what Reload/Overwrite are doing.
  const [stale, setStale] = useState<{ data: TUpdateSchemeInput; sent: SchemeDraft } | null>(null);
  const [staleBusy, setStaleBusy] = useState<'reload' | 'overwrite' | null>(null);
  const [staleError, setStaleError] = useState<string | null>(null);
  const [autosaveState, setAutosaveState] = useState<AutosaveState>('idle');
  const [autosaveError, setAutosaveError] = useState<string | null>(null);
  // The draft (as compared) whose automatic save failed or was invalid: not tried again until it changes.
  const refused = useRef<string | null>(null);
  const inFlight = useRef<Promise<boolean> | null>(null);

  /**
   * Store `data` (made from the draft `sent`). A draft is edited in place: `sent` becomes the saved
   * state and the editor goes on. A published version's edit creates the next version, which opens.
   */
  async function store(sent: SchemeDraft, data: TUpdateSchemeInput, manual: boolean) {
    const saved = await update.mutateAsync(data);
    if (saved.id !== detail.id) {
      await utils.schemes.invalidate();
      notices.success(t('schemes.versionCreated', { version: saved.version }));
      guard.allow(() => onOpen(saved.id));
      return;
    }
    scheme.markSaved(sent, saved.lockVersion);
    utils.schemes.byId.setData({ id: saved.id }, saved);
    void utils.schemes.list.invalidate();
    if (manual) notices.success(t('notices.saved', { name: saved.name }));
  }

  /** Save by hand: checks every field (messages on them), then stores. */
  const save = async () => {
    // One save at a time: each carries the lockVersion the one before it answered.
    if (inFlight.current) await inFlight.current;
    const sent = draft;
    return form.handleSubmit(async (data) => {
      setStale(null);
      setStaleError(null);
      try {
        await store(sent, data, true);
        setAutosaveState('idle');
      } catch (error) {
        if (!isStaleRecordError(error)) throw error;
        setStale({ data, sent });
        setAutosaveState('stale');
      }
    })();
  };

  /** Save the draft now without marking fields: false when it is invalid or the server refused it. */
  async function saveQuietly(): Promise<boolean> {
    if (inFlight.current) await inFlight.current;
    if (!scheme.dirty) return true;
    const sent = draft;
    const key = JSON.stringify(scheme.toInput(sent));
    const parsed = ZUpdateSchemeInput.safeParse(scheme.toInput(sent));
    if (!parsed.success) {
      refused.current = key;
      setAutosaveState('invalid');
      return false;
    }
    setAutosaveState('saving');
    setAutosaveError(null);
    const run = (async () => {
      try {
        await store(sent, parsed.data, false);
        refused.current = null;
        setAutosaveState('idle');
        return true;
      } catch (error) {
        refused.current = key;
        if (isStaleRecordError(error)) {
          setStale({ data: parsed.data, sent });
          setAutosaveState('stale');
        } else {
          setAutosaveError(errorText.error(error));
          setAutosaveState('failed');
        }
        return false;
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = run;
    return run;
  }

  // A draft saves itself a moment after the last change; a refused one waits for the next change, and
  // nothing overwrites a version someone else changed (the stale banner decides).
  useEffect(() => {
    if (!autosave || !dirty || stale || autosaveState === 'saving' || form.submitting) return;
    if (refused.current === JSON.stringify(scheme.toInput(draft))) return;
    const timer = window.setTimeout(() => void saveQuietly(), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
    // saveQuietly reads the current draft; the draft, dirtiness and state decide when to run it.
  }, [autosave, dirty, draft, stale, autosaveState, form.submitting]);

  /** Back to the list: a pending draft is saved first; what cannot be saved is asked about. */
  async function back() {
    if (autosave && dirty && !stale && (await saveQuietly())) {
      guard.allow(onBack);
      return;
    }
    onBack();
  }

  async function overwrite() {
    if (!stale) return;
    setStaleBusy('overwrite');
    setStaleError(null);
    try {
      await store(stale.sent, { ...stale.data, lockVersion: undefined }, true);
      setStale(null);
      refused.current = null;
      setAutosaveState('idle');
    } catch (error) {
      setStaleError(errorText.error(error));
    } finally {
      setStaleBusy(null);
    }
  }

  /** Read the version again: the editor starts afresh on it (unsaved edits are dropped, as confirmed). */
  async function reload() {
    const ok = await confirm({
      title: tf('staleReloadConfirmTitle'),
      content: tf('staleReloadConfirm'),
      confirmLabel: tf('staleReload'),
    });
    if (!ok) return;
    setStaleBusy('reload');
    try {
      await utils.schemes.invalidate();
      setStale(null);
      restart();
    } catch {
      setStaleError(tf('staleGone'));
    } finally {
      setStaleBusy(null);
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
    const done = await notices.run(
      async () => {
        await publish.mutateAsync({ id: detail.id });
        await utils.schemes.invalidate();
      },
      t('schemes.published', { name: detail.name, version: detail.version }),
    );
    if (done) restart();
  }

  async function doArchive(archived: boolean) {
    const done = await notices.run(
      async () => {
        await (archived ? restore : archive).mutateAsync({ id: detail.id });
        await utils.schemes.invalidate();
      },
      t(archived ? 'notices.restored' : 'notices.archived', { name: detail.name }),
    );
    if (done) restart();
  }

  async function doDelete() {
    const ok = await confirm({
      title: t('confirmDelete.title', { name: detail.name }),
      content: t('schemes.deleteHint'),
      confirmLabel: t('actions.delete'),
    });
    if (!ok) return;
    const done = await notices.run(
      async () => {
        await remove.mutateAsync({ id: detail.id });
        await utils.schemes.invalidate();
      },
      t('notices.deleted', { name: detail.name }),
    );
    if (done) guard.allow(onBack);
  }

  return {
    back,
    save,
    /** The draft's automatic saving: its state, the server's refusal, and Retry. */
    autosave: { state: autosaveState, error: autosaveError, retry: () => void save() },
    /** Set after a save refused as stale: the banner's state and its two actions. */
    stale: stale
      ? { error: staleError, busy: staleBusy, overwrite: () => void overwrite(), reload: () => void reload() }
      : null,
    publish: doPublish,
    publishing: publish.isPending,
    archive: () => doArchive(false),
    restore: () => doArchive(true),
    deleteDraft: doDelete,
    /** The confirmation dialog; render it once. */
    dialog,
  };
}
