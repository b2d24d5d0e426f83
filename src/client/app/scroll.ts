// Scroll on navigation: smoothly to the hash target, 60 px below the top, else to the top.
import { useEffect, useRef } from 'react';
import { HASH_SCROLL_OFFSET } from '../../shared/constants/ui.ts';

/** Scroll to `#id` with the offset; false when the element is not (yet) in the page. */
export function scrollToHash(hash: string): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET;
  window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
  return true;
}

/**
 * On every location change: the hash target if there is one (waiting briefly for a lazy page to render
 * it), else the top. Also follows in-page hash links. The document's first page stays where the browser
 * put it: at the top for a new visit, where the visitor was on a reload, where they scrolled a page the
 * server drew while the app was on its way.
 */
export function useScrollOnNavigate(location: string): void {
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    const first = scrolledFor.current === null || scrolledFor.current === location;
    scrolledFor.current = location;
    const hash = window.location.hash;
    if (!hash) {
      if (!first) window.scrollTo({ top: 0 });
      return;
    }
    if (scrollToHash(hash)) return;
    const observer = new MutationObserver(() => {
      if (scrollToHash(hash)) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), 3000);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [location]);

  useEffect(() => {
    const onHashChange = () => void scrollToHash(window.location.hash);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
}
