// Which question panels are open in the scheme editor; kept above the tabs so a trip to the
// preview and back leaves them as they were.
import { useState } from 'react';

export interface ExpandedQuestions {
  has: (uid: string) => boolean;
  toggle: (uid: string) => void;
  open: (uid: string) => void;
}

export function useExpandedQuestions(): ExpandedQuestions {
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  return {
    has: (uid) => expanded.has(uid),
    toggle: (uid) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(uid)) next.delete(uid);
        else next.add(uid);
        return next;
      }),
    open: (uid) => setExpanded((current) => new Set(current).add(uid)),
  };
}
