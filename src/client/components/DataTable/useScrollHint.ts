import { type UIEvent, useCallback, useState } from 'react';

/** Whether a scroller has more to show past its inline end (either direction: scrollLeft is negative in RTL). */
export function scrollsFurther(el: { scrollLeft: number; clientWidth: number; scrollWidth: number }): boolean {
  return Math.abs(el.scrollLeft) + el.clientWidth < el.scrollWidth - 1;
}

/** An element's inner width in rem (the columns are sized in rem). */
function widthInRem(el: HTMLElement): number {
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return el.clientWidth / rem;
}

/**
 * The horizontal scroll hint: `data-scroll-end="more"` on the scroller while columns are hidden past
 * its end, so the sticky actions column casts a shadow; and the scroller's width in rem (null until
 * measured), which the columns fit. Kept current on scroll and on resize.
 */
export function useScrollHint() {
  const [width, setWidth] = useState<number | null>(null);
  const update = useCallback((el: HTMLElement) => {
    el.dataset.scrollEnd = scrollsFurther(el) ? 'more' : '';
  }, []);
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el) return;
      update(el);
      setWidth(widthInRem(el));
      const observer = new ResizeObserver(() => {
        update(el);
        // Whole pixels: a width that only wobbles by a fraction re-renders nothing.
        setWidth((old) => {
          const now = widthInRem(el);
          return old !== null && Math.abs(old - now) < 0.05 ? old : now;
        });
      });
      observer.observe(el);
      if (el.firstElementChild) observer.observe(el.firstElementChild);
      return () => observer.disconnect();
    },
    [update],
  );
  const onScroll = useCallback((event: UIEvent<HTMLElement>) => update(event.currentTarget), [update]);
  return { ref, onScroll, width };
}
