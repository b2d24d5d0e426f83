// The first queries of pages that are not lists, started with the page's chunk (app/preload.ts) instead
// of once its code has run: by route name, from the route's params. Each fills the query cache the page
// reads (the same procedures and inputs), and its answers stay fresh a moment (PRELOADED_FRESH_MS) so
// the page mounting next uses them instead of asking again. A failure is left to the page (it asks
// again on mount and shows its own error).
import type { trpcUtils } from '../lib/query.ts';

/** Fills `utils`' cache (the app's, or a server drawing's) with what the page at `params` asks first. */
export type PageData = (utils: typeof trpcUtils, params: Record<string, string>) => Promise<unknown>;

/** Procedures whose answers a page preload fills (their defaults: fresh for a moment). */
export const PAGE_DATA_QUERIES = [
  ['tasks', 'bySlot'],
  ['schemes', 'byId'],
] as const;

const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export const PAGE_DATA: Partial<Record<string, PageData>> = {
  // The perform page: the task at its slot, then its pinned scheme version (PerformTask.tsx asks the same).
  'tasks-perform_task-slotId-assignLocationId': async (utils, { slotId, assignLocationId }) => {
    const slot = positive(slotId);
    const assignment = positive(assignLocationId);
    if (!slot || !assignment) return;
    const task = await utils.tasks.bySlot.fetch({ slotId: slot, assignmentId: assignment });
    await utils.schemes.byId.prefetch({ id: task.schemeId });
  },
};
