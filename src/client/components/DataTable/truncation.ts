import type { MouseEvent } from 'react';

/** Shows the full text of a cut-off cell as its tooltip when the pointer is on it. */
export function titleIfTruncated(event: MouseEvent<HTMLElement>) {
  let el = event.target as HTMLElement | null;
  while (el && el !== event.currentTarget) {
    if (el.scrollWidth > el.clientWidth + 1) {
      const text = el.innerText.replace(/\s*\n\s*/g, ' · ').trim();
      if (text && el.title !== text) el.title = text;
      return;
    }
    if (el.tagName === 'TD' || el.tagName === 'LI') return;
    el = el.parentElement;
  }
}
