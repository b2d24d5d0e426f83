// The locations chosen for a project: those assigned on the server, plus those chosen since and not yet
// assigned (kept in this browser until they are, so leaving the form loses nothing), minus those
// un-chosen (their assignments are removed, after a confirmation, when the step is left).
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

const storageKey = (projectId: number) => `opsdesk.project.${projectId}.locations`;

function readStored(projectId: number): number[] | null {
  try {
    const raw = window.localStorage.getItem(storageKey(projectId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) && parsed.every((n) => Number.isInteger(n)) ? (parsed as number[]) : null;
  } catch {
    return null;
  }
}

export function useLocationSelection(
  projectId: number | null,
  assignments: TAssignment[] | undefined,
): LocationSelection {
  const { t } = useTranslation('workflow');
  const { confirm, dialog } = useConfirmDialog();
  const remove = trpc.assignments.delete.useMutation();
  const utils = trpc.useUtils();
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const assigned = useMemo(() => new Set((assignments ?? []).map((a) => a.location.id)), [assignments]);

  // First read: the stored choice of this browser, else what the server has.
  useEffect(() => {
    if (selected || !assignments || projectId === null) return;
    setSelected(new Set(readStored(projectId) ?? assigned));
  }, [assignments, assigned, projectId, selected]);

  // Keep the choice while it differs from the server's.
  useEffect(() => {
    if (!selected || projectId === null) return;
    const same = selected.size === assigned.size && [...selected].every((id) => assigned.has(id));
    try {
      if (same) window.localStorage.removeItem(storageKey(projectId));
      else window.localStorage.setItem(storageKey(projectId), JSON.stringify([...selected]));
    } catch {
      // Storage full or refused: the choice stays in memory.
    }
  }, [selected, assigned, projectId]);

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
