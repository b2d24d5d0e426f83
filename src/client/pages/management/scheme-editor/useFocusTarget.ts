// Focus that follows a structural edit: the element to focus only exists after the next render
// (a moved button, a new question's text), so it is named now and focused once it is there.
import { useEffect, useRef, useState } from 'react';

/**
 * `root` goes on the editor's element; `focusLater('a|b')` focuses, after the next render, the first
 * enabled element inside it whose `data-focus` is `a`, else `b`.
 */
export function useFocusTarget() {
  const root = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    // Candidates in order ("a|b"): the first one present and enabled gets focus.
    for (const candidate of focusTarget.split('|')) {
      const element = root.current?.querySelector<HTMLElement>(`[data-focus="${candidate}"]`);
      if (element && !(element as HTMLButtonElement).disabled) {
        element.focus();
        break;
      }
    }
    setFocusTarget(null);
  }, [focusTarget]);

  return { root, focusLater: setFocusTarget as (target: string) => void };
}
