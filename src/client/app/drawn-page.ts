// A page the server drew (entry-server.tsx, `#root[data-drawn]`) is on screen before the app runs: a
// visitor may type in its fields, move the focus, press its submit button (which the server's boot
// script holds: src/server/plugins/drawn-pages.ts) or another button (which it notes). The app's first render replaces the drawn page in one
// commit (main.tsx); what the visitor did meanwhile is read just before and carried over to the same
// fields of the live page just after, in the same task, so nothing typed is lost and nothing flickers.
// Fields are matched by their place in the page (the live page's first render is the drawn one).

import { DRAWN_ATTRIBUTE, DRAWN_CLICK_ATTRIBUTE, DRAWN_SUBMIT_ATTRIBUTE } from '../../shared/constants/ui.ts';

const FIELDS = 'input, textarea, select';

interface FieldState {
  type: string;
  value: string;
  checked: boolean;
}

export interface DrawnState {
  fields: FieldState[];
  /** The index of the focused field, if the focus is in one. */
  focus: number | null;
  selection: [number, number] | null;
  /** The index of the form the visitor submitted, if any. */
  submitted: number | null;
  /** The index of the button (not a submit) the visitor pressed, if any. */
  pressed: number | null;
}

function typeOf(field: Element): string {
  return `${field.tagName}:${field.getAttribute('type') ?? ''}`;
}

/** What the visitor did on the drawn page (null when #root holds no drawing). */
export function readDrawn(root: HTMLElement): DrawnState | null {
  if (!root.hasAttribute(DRAWN_ATTRIBUTE)) return null;
  const fields = [...root.querySelectorAll<HTMLInputElement>(FIELDS)];
  const focused = fields.findIndex((field) => field === document.activeElement);
  const active = focused >= 0 ? fields[focused] : null;
  let selection: [number, number] | null = null;
  try {
    if (active && active.selectionStart !== null) selection = [active.selectionStart, active.selectionEnd ?? 0];
  } catch {
    // Fields without a text selection (checkboxes, e-mail in some engines) throw: no selection to keep.
  }
  const submit = root.getAttribute(DRAWN_SUBMIT_ATTRIBUTE);
  const press = root.getAttribute(DRAWN_CLICK_ATTRIBUTE);
  return {
    fields: fields.map((field) => ({ type: typeOf(field), value: field.value, checked: field.checked })),
    focus: focused >= 0 ? focused : null,
    selection,
    submitted: submit === null ? null : Number(submit),
    pressed: press === null ? null : Number(press),
  };
}

/** Sets a field's value the way typing does, so React's onChange hears it. */
function type(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Carries `state` over to the live page now in `root`, then forgets the drawing. */
export function carryOver(root: HTMLElement, state: DrawnState): void {
  root.removeAttribute(DRAWN_ATTRIBUTE);
  root.removeAttribute(DRAWN_SUBMIT_ATTRIBUTE);
  root.removeAttribute(DRAWN_CLICK_ATTRIBUTE);
  const fields = [...root.querySelectorAll<HTMLInputElement>(FIELDS)];
  state.fields.forEach((before, index) => {
    const field = fields[index];
    if (!field || typeOf(field) !== before.type) return;
    if (field.type === 'checkbox' || field.type === 'radio') {
      if (field.checked !== before.checked) field.click();
    } else if (field.value !== before.value && !(field instanceof HTMLSelectElement)) {
      type(field, before.value);
    }
  });
  const focus = state.focus === null ? null : fields[state.focus];
  if (focus) {
    focus.focus();
    if (state.selection) {
      try {
        focus.setSelectionRange(...state.selection);
      } catch {
        // A field without a text selection: the focus is enough.
      }
    }
  }
  // Once React has taken in the values above (their input events' updates), as if pressed now.
  const form = state.submitted === null ? undefined : root.querySelectorAll('form')[state.submitted];
  if (form) setTimeout(() => form.isConnected && form.requestSubmit());
  const button = state.pressed === null ? undefined : root.querySelectorAll('button')[state.pressed];
  if (button) setTimeout(() => button.isConnected && button.click());
}
