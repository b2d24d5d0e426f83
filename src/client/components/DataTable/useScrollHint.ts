import { type UIEvent, useCallback } from 'react';

/** Whether a scroller has more to show past its inline end (either direction: scrollLeft is negative in RTL). */
export function scrollsFurther(el: { scrollLeft: number; clientWidth: number; scrollWidth: number }): boolean {
  return Math.abs(el.scrollLeft) + el.clientWidth < el.scrollWidth - 1;
}

/**
 * The horizontal scroll hint: `data-scroll-end="more"` on the scroller while columns are hidden past
 * its end, so the sticky actions column casts a shadow. Kept current on scroll and on resize.
 */
export function useScrollHint() {
  const update = useCallback((el: HTMLElement) => {
    el.dataset.scrollEnd = scrollsFurther(el) ? 'more' : '';
  }, []);
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el) return;
      update(el);
      const observer = new ResizeObserver(() => update(el));
      observer.observe(el);
      if (el.firstElementChild) observer.observe(el.firstElementChild);
      return () => observer.disconnect();
    },
    [update],
  );
  const onScroll = useCallback((event: UIEvent<HTMLElement>) => update(event.currentTarget), [update]);
  return { ref, onScroll };
}
