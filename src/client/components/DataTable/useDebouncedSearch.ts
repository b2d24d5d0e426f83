import { useEffect, useState } from 'react';

/** How long typing pauses before the search applies. */
export const SEARCH_DELAY_MS = 300;

/**
 * The search box's text: applied (`apply`) once typing pauses, and following the applied search when
 * it changes from elsewhere (a chip removed, "Clear search", the browser's back button).
 */
export function useDebouncedSearch(applied: string, apply: (q: string) => void): [string, (q: string) => void] {
  const [q, setQ] = useState(applied);
  // Follows a change of the applied search, seen while rendering: not an effect after mount, which would
  // wipe what was typed in the same commit (on a page the server drew, carried over as the app takes it).
  const [followed, setFollowed] = useState(applied);
  if (followed !== applied) {
    setFollowed(applied);
    setQ(applied);
  }
  useEffect(() => {
    if (q === applied) return;
    const timer = setTimeout(() => apply(q), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, applied, apply]);
  return [q, setQ];
}
