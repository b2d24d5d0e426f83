// The app's keyboard shortcuts, as the help dialog lists them. Only keys the app really handles:
// NavSearch (Ctrl+K, ⌘K, /), UserMenu (?), SearchDialog (arrows, Home, End, Enter), DataTable rows
// (arrows, Enter), Primer menus and dialogs (arrows, Esc), the skip link (first Tab).

/** Whether a key press happens in a field the user types in (single-key shortcuts then stay off). */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(input|textarea|select)$/i.test(target.tagName);
}

export function isMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

/** One shortcut: alternative key combinations (each a list of keys pressed together) and what it does. */
export interface KeyboardShortcut {
  /** `mod` is Ctrl, or ⌘ on a Mac. */
  keys: string[][];
  /** Key under `keyboard.actions.`. */
  action: string;
}

/** Groups (keys under `keyboard.groups.`) in the order the dialog shows them. */
export const KEYBOARD_SHORTCUTS: { group: string; shortcuts: KeyboardShortcut[] }[] = [
  {
    group: 'everywhere',
    shortcuts: [
      { keys: [['mod', 'K'], ['/']], action: 'openSearch' },
      { keys: [['?']], action: 'showShortcuts' },
      { keys: [['Tab']], action: 'skipToContent' },
    ],
  },
  {
    group: 'search',
    shortcuts: [
      { keys: [['↑'], ['↓']], action: 'moveResult' },
      { keys: [['Home'], ['End']], action: 'firstLastResult' },
      { keys: [['Enter']], action: 'openResult' },
      { keys: [['Esc']], action: 'closeSearch' },
    ],
  },
  {
    group: 'lists',
    shortcuts: [
      { keys: [['↑'], ['↓']], action: 'moveRow' },
      { keys: [['Enter']], action: 'openRow' },
    ],
  },
  {
    group: 'menus',
    shortcuts: [
      { keys: [['Enter'], ['Space']], action: 'openMenu' },
      { keys: [['↑'], ['↓']], action: 'moveMenu' },
      { keys: [['Esc']], action: 'closeMenu' },
    ],
  },
];
