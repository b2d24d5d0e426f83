// What a row of the table (or a phone card) does with the keyboard and the pointer: Enter or a click
// opens it, Space selects it, the arrow keys move to the next or previous row.
import type { KeyboardEvent, MouseEvent } from 'react';

export type RowKeyAction = 'open' | 'toggle' | 'next' | 'previous' | null;

/** What a key pressed on a focused row does. */
export function rowKeyAction(
  key: string,
  { openable, selectable }: { openable: boolean; selectable: boolean },
): RowKeyAction {
  if (key === 'Enter' && openable) return 'open';
  if (key === ' ' && selectable) return 'toggle';
  if (key === 'ArrowDown') return 'next';
  if (key === 'ArrowUp') return 'previous';
  return null;
}

export interface RowInteraction<T> {
  rowKey: (row: T) => string | number;
  onRowOpen?: (row: T) => void;
  /** Space on a row: select it or not (rows without checkboxes: nothing). */
  onToggle?: (row: T) => void;
  /** The class of a row that opens. */
  openableClass?: string;
}

/** The props of a row element: focusable, keyed (`data-row-key`), opening and selecting from the keyboard. */
export function rowProps<T>(row: T, { rowKey, onRowOpen, onToggle, openableClass }: RowInteraction<T>) {
  return {
    tabIndex: 0,
    'data-row-key': String(rowKey(row)),
    className: onRowOpen ? openableClass : undefined,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget) return;
      const action = rowKeyAction(event.key, { openable: !!onRowOpen, selectable: !!onToggle });
      if (!action) return;
      event.preventDefault();
      if (action === 'toggle') onToggle?.(row);
      const sibling =
        action === 'next'
          ? event.currentTarget.nextElementSibling
          : action === 'previous'
            ? event.currentTarget.previousElementSibling
            : null;
      (sibling as HTMLElement | null)?.focus();
    },
    // Open on key up: opening on key down would hand the rest of that Enter press to the
    // opened dialog's first field, and an Enter key press there submits its form.
    onKeyUp: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Enter' && event.target === event.currentTarget) onRowOpen?.(row);
    },
    onClick: onRowOpen
      ? (event: MouseEvent<HTMLElement>) => {
          // Clicks bubble through React portals too: a row action's menu item is not a row click.
          const target = event.target as HTMLElement;
          if (!event.currentTarget.contains(target) || target.closest('button,a,input,select,label')) return;
          onRowOpen(row);
        }
      : undefined,
  };
}
