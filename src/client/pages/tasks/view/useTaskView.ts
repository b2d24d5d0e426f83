// Everything the view page reads about one task: the task, its pinned scheme version (question texts),
// its history (transitions, rounds, the last round's diff) and its files (evidence thumbnails).
import { useMemo } from 'react';
import type { TFile } from '../../../../shared/schemas/files.ts';
import type { TQuestion, TSchemeDetail } from '../../../../shared/schemas/schemes.ts';
import { useCan } from '../../../lib/can.ts';
import { trpc } from '../../../lib/trpc.ts';

export function useTaskView(id: number) {
  const can = useCan();
  const task = trpc.tasks.byId.useQuery(
    { id },
    { retry: (count, error) => error.data?.code !== 'NOT_FOUND' && count < 2 },
  );
  const schemeId = task.data?.schemeId;
  const scheme = trpc.schemes.byId.useQuery(
    { id: schemeId ?? 0 },
    { enabled: schemeId !== undefined, staleTime: 5 * 60_000 },
  );
  const history = trpc.tasks.history.useQuery({ id }, { enabled: task.isSuccess });
  const files = trpc.files.list.useQuery(
    { taskId: id, itemsPerPage: -1 },
    { enabled: task.isSuccess && can('read', 'File') },
  );
  const filesById = useMemo(
    () => new Map<number, TFile>((files.data?.items ?? []).map((f) => [f.id, f])),
    [files.data],
  );
  const questions = useMemo(() => questionMap(scheme.data), [scheme.data]);
  return { task, scheme, history, files, filesById, questions };
}

export function questionMap(scheme: TSchemeDetail | undefined): Map<string, TQuestion> {
  return new Map((scheme?.sections ?? []).flatMap((s) => s.questions.map((q) => [q.key, q] as const)));
}

export type TaskView = ReturnType<typeof useTaskView>;
