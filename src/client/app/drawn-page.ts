// A page the server drew (entry-server.tsx, `#root[data-drawn]`) is on screen before the app runs: a
// visitor may type in its fields, move the focus, press its submit button (which the server's boot
// script holds: src/server/plugins/drawn-pages.ts) or another button (which it notes). The app's first
// render, made in the background while the drawing stays usable, replaces it in one commit (main.tsx);
// what the visitor did until then is read from the drawing's fields (kept, though no longer in the
// page) and carried over to the same fields of the live page in the same task, before it paints, so
// nothing typed is lost and nothing flickers. Fields are matched by their place in the page (the live
// page's first render is the drawn one). A signed-in drawing comes with the answers it was drawn with,
// which fill the app's query cache first (takeDrawnAnswers), so the live page renders them at once.
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import superjson from 'superjson';
import {
  DRAWN_ATTRIBUTE,
  DRAWN_CLICK_ATTRIBUTE,
  DRAWN_STATE_SCRIPT_ID,
  DRAWN_SUBMIT_ATTRIBUTE,
} from '../../shared/constants/ui.ts';
import { type ListInput, rememberDrawnListInput } from './list-inputs.ts';
import type { PreloadedList } from './list-schemas.ts';

/** What a signed-in drawing carries: its answers (react-query's dehydrated state) and its list's input. */
export interface DrawnAnswers extends DehydratedState {
  list?: { domain: PreloadedList; search: string; input: ListInput };
}

/**
 * The answers the server drew the page with, into `queryClient`, taken once. They count as fresh from
 * now (the page was just answered; the server's clock may differ from this device's), so the live
 * page's first render shows them without asking again. True when the page came with answers (a
 * signed-in visitor's drawing).
 */
export function takeDrawnAnswers(queryClient: QueryClient): boolean {
  const script = document.getElementById(DRAWN_STATE_SCRIPT_ID);
  if (!script) return false;
  script.remove();
  try {
    const state = superjson.parse<DrawnAnswers>(script.textContent ?? '');
    const now = Date.now();
    for (const query of state.queries ?? []) query.state.dataUpdatedAt = now;
    hydrate(queryClient, state);
    if (state.list) rememberDrawnListInput(state.list.domain, state.list.search, state.list.input);
  } catch {
    // Unreadable: the page asks its queries as it would without a drawing.
  }
  return true;
}

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

/**
 * Starts following what the visitor does on the drawn page (null when #root holds no drawing); the
 * answer reads it, also once the app has replaced the drawing (its fields keep their values).
 */
export function watchDrawn(root: HTMLElement): (() => DrawnState) | null {
  if (!root.hasAttribute(DRAWN_ATTRIBUTE)) return null;
  const fields = [...root.querySelectorAll<HTMLInputElement>(FIELDS)];
  let focused = fields.findIndex((field) => field === document.activeElement);
  let selection: [number, number] | null = null;
  const onFocusIn = (event: FocusEvent) => {
    focused = fields.indexOf(event.target as HTMLInputElement);
    onSelect();
  };
  // The focus leaving for nothing (a tap outside); not the drawing's removal, which is no choice of the visitor's.
  const onFocusOut = (event: FocusEvent) => {
    if (!event.relatedTarget && (event.target as Node).isConnected) focused = -1;
  };
  // The caret as the visitor leaves it (a field out of the page may no longer tell it).
  const onSelect = () => {
    const active = fields[focused];
    try {
      if (active && active.selectionStart !== null) selection = [active.selectionStart, active.selectionEnd ?? 0];
    } catch {
      // Fields without a text selection (checkboxes, e-mail in some engines) throw: no selection to keep.
    }
  };
  const caretEvents = ['input', 'keyup', 'pointerup', 'selectionchange'] as const;
  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('focusout', onFocusOut);
  for (const type of caretEvents) document.addEventListener(type, onSelect, true);
  onSelect();
  return () => {
    root.removeEventListener('focusin', onFocusIn);
    root.removeEventListener('focusout', onFocusOut);
    for (const type of caretEvents) document.removeEventListener(type, onSelect, true);
    const submit = root.getAttribute(DRAWN_SUBMIT_ATTRIBUTE);
    const press = root.getAttribute(DRAWN_CLICK_ATTRIBUTE);
    return {
      fields: fields.map((field) => ({ type: typeOf(field), value: field.value, checked: field.checked })),
      focus: focused >= 0 ? focused : null,
      selection: focused >= 0 ? selection : null,
      submitted: submit === null ? null : Number(submit),
      pressed: press === null ? null : Number(press),
    };
  };
}

/** Sets a field's value the way typing does, so React's onChange hears it. */
function type(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Chooses a select's option the way the visitor does, so React's onChange hears it. */
function choose(field: HTMLSelectElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('change', { bubbles: true }));
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
    } else if (field instanceof HTMLSelectElement) {
      if (field.value !== before.value) choose(field, before.value);
    } else if (field.value !== before.value) {
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
  if (form) afterTakeover(() => form.isConnected && form.requestSubmit());
  const button = state.pressed === null ? undefined : root.querySelectorAll('button')[state.pressed];
  if (button) afterTakeover(() => button.isConnected && press(button));
}

/**
 * Presses `button` as a pointer does: focused first (the drawn one had the focus), so what the press
 * opens takes the focus from it, and its tooltip, started by the pointer resting on it, closes.
 */
function press(button: HTMLButtonElement): void {
  button.focus({ preventScroll: true });
  button.click();
}

/** Runs `action` once the live page has been painted (two frames), at the latest after 200 ms (a hidden tab paints no frame). */
function afterTakeover(action: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    action();
  };
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run)));
  setTimeout(run, 200);
}
