// The locations chosen for a project: those assigned on the server, plus those chosen since and not yet
// assigned (saved with the project when the step is left or the draft saved, so reopening it anywhere shows
// them), minus those un-chosen (their assignments are removed, after a confirmation, when the step is left).
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAssignment } from '../../../../shared/schemas/assignments.ts';
import { useConfirmDialog } from '../../../components/ListPage/index.ts';
import { trpc } from '../../../lib/trpc.ts';

export interface LocationSelection {
  /** False until the project's assignments are read. */
  ready: boolean;
  selected: ReadonlySet<number>;
  /** Chosen, not assigned yet. */
  pending: ReadonlySet<number>;
  /** Assigned, no longer chosen. */
  removed: ReadonlySet<number>;
  set: (ids: readonly number[], chosen: boolean) => void;
  clear: () => void;
  /** Leaving the step: at least one location (unless a draft), removals confirmed and applied. Throws with the reason. */
  commit: (mode: 'next' | 'draft') => Promise<boolean>;
  /** The removal confirmation (render once). */
  dialog: ReactNode;
}

export function useLocationSelection(
  projectId: number | null,
  assignments: TAssignment[] | undefined,
): LocationSelection {
  const { t } = useTranslation('workflow');
  const { confirm, dialog } = useConfirmDialog();
  const remove = trpc.assignments.delete.useMutation();
  const utils = trpc.useUtils();
  const save = trpc.projects.saveLocationChoice.useMutation();
  const saved = trpc.projects.locationChoice.useQuery({ id: projectId ?? 0 }, { enabled: projectId !== null });
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const assigned = useMemo(() => new Set((assignments ?? []).map((a) => a.location.id)), [assignments]);

  // First read: what the project has assigned, and what was chosen and saved with it.
  useEffect(() => {
    if (selected || !assignments || !saved.data || projectId === null) return;
    setSelected(new Set([...assigned, ...saved.data.locationIds]));
  }, [assignments, assigned, saved.data, projectId, selected]);

  const current = selected ?? assigned;
  const pending = useMemo(() => new Set([...current].filter((id) => !assigned.has(id))), [current, assigned]);
  const removed = useMemo(() => new Set([...assigned].filter((id) => !current.has(id))), [current, assigned]);

  const set = useCallback((ids: readonly number[], chosen: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev ?? []);
      for (const id of ids) {
        if (chosen) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  async function commit(mode: 'next' | 'draft'): Promise<boolean> {
    if (mode === 'next' && current.size === 0) throw new Error(t('wizard.locations.none'));
    if (removed.size > 0) {
      const ok = await confirm({
        title: t('wizard.locations.removeTitle', { count: removed.size }),
        content: t('wizard.locations.removeBody', { count: removed.size }),
        confirmLabel: t('wizard.locations.removeConfirm', { count: removed.size }),
      });
      if (!ok) return false;
      const ids = (assignments ?? []).filter((a) => removed.has(a.location.id)).map((a) => a.id);
      for (const id of ids) await remove.mutateAsync({ id });
      await Promise.all([utils.assignments.invalidate(), utils.slots.invalidate(), utils.projects.invalidate()]);
    }
    if (projectId !== null && selected) {
      await save.mutateAsync({ id: projectId, locationIds: [...current] });
      await utils.projects.locationChoice.invalidate({ id: projectId });
    }
    return true;
  }

  return {
    ready: !!selected,
    selected: current,
    pending,
    removed,
    set,
    clear: () => setSelected(new Set()),
    commit,
    dialog,
  };
}
