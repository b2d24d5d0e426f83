import { useEffect, useState } from 'react';

/** How long typing pauses before the search applies. */
export const SEARCH_DELAY_MS = 300;

/**
 * The search box's text: applied (`apply`) once typing pauses, and following the applied search when
 * it changes from elsewhere (a chip removed, "Clear search", the browser's back button).
 */
export function useDebouncedSearch(applied: string, apply: (q: string) => void): [string, (q: string) => void] {
  const [q, setQ] = useState(applied);
  useEffect(() => setQ(applied), [applied]);
  useEffect(() => {
    if (q === applied) return;
    const timer = setTimeout(() => apply(q), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, applied, apply]);
  return [q, setQ];
}
