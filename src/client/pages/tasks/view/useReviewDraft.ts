// The review being written (reason, comment, per-question comments), kept in sessionStorage per task so
// a reload or a slip of the finger loses nothing typed; cleared once the review is sent.
import { useCallback, useEffect, useState } from 'react';

export interface ReviewDraft {
  reason: string;
  comment: string;
  questionComments: Record<string, string>;
}

const EMPTY: ReviewDraft = { reason: '', comment: '', questionComments: {} };
const keyOf = (taskId: number) => `od-review-draft-${taskId}`;

function read(taskId: number): ReviewDraft {
  try {
    const raw = sessionStorage.getItem(keyOf(taskId));
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<ReviewDraft>;
    return {
      reason: typeof parsed.reason === 'string' ? parsed.reason : '',
      comment: typeof parsed.comment === 'string' ? parsed.comment : '',
      questionComments:
        parsed.questionComments && typeof parsed.questionComments === 'object' ? parsed.questionComments : {},
    };
  } catch {
    return EMPTY;
  }
}

export function useReviewDraft(taskId: number) {
  const [draft, setDraft] = useState<ReviewDraft>(() => read(taskId));
  useEffect(() => {
    try {
      if (draft === EMPTY) sessionStorage.removeItem(keyOf(taskId));
      else sessionStorage.setItem(keyOf(taskId), JSON.stringify(draft));
    } catch {
      // Storage full or refused: the draft stays in memory.
    }
  }, [draft, taskId]);
  const update = useCallback((patch: Partial<ReviewDraft>) => setDraft((d) => ({ ...d, ...patch })), []);
  const setQuestionComment = useCallback(
    (questionKey: string, comment: string | null) =>
      setDraft((d) => {
        const questionComments = { ...d.questionComments };
        if (comment === null) delete questionComments[questionKey];
        else questionComments[questionKey] = comment;
        return { ...d, questionComments };
      }),
    [],
  );
  const clear = useCallback(() => setDraft(EMPTY), []);
  return { draft, update, setQuestionComment, clear };
}
