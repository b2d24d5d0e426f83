import type { ReactNode } from 'react';
import classes from './Account.module.css';

/**
 * A settings table that may scroll sideways on a phone: a named region that takes focus, so that it can
 * be scrolled from the keyboard too.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <div className={classes.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
