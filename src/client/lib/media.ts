import { useSyncExternalStore } from 'react';
import { serverMatches } from './server-snapshot.ts';

/** Below the sm breakpoint (600 px): phones, where lists show cards. */
export const PHONE_QUERY = '(max-width: 599.98px)';

/** Whether a CSS media query matches, kept current as the viewport changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => serverMatches(query),
  );
}
