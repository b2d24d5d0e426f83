// Never lose an edit: forms with unsaved changes register here (`useUnsavedChangesGuard(dirty)`), and
// leaving them asks first — an in-app navigation (wouter's navigate and links, through the location
// hook of the Router this provider sets), the browser's back and forward buttons, a reload or closing
// the tab (`beforeunload`), and closing a dialog (the form asks through `confirmDiscard`).
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Router } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';

interface GuardEntry {
  dirty: boolean;
  /** Set while the form itself navigates (after a save): that navigation is not "leaving". */
  bypass: boolean;
}

interface Registry {
  entries: Set<GuardEntry>;
  /** Shows "Discard changes?"; resolves true on Discard, false on Keep editing (or Escape). */
  ask: () => Promise<boolean>;
}

const RegistryContext = createContext<Registry | null>(null);

function hasUnsavedChanges(registry: Registry): boolean {
  for (const entry of registry.entries) if (entry.dirty && !entry.bypass) return true;
  return false;
}

/** Whether `to` is where the browser already is (a click on the current page's link leaves nothing). */
function isCurrentUrl(to: string): boolean {
  const target = new URL(to, window.location.href);
  return (
    target.pathname === window.location.pathname &&
    target.search === window.location.search &&
    target.hash === window.location.hash
  );
}

type Navigate = ReturnType<typeof useBrowserLocation>[1];

/**
 * wouter's browser location hook whose navigate asks first while a form has unsaved changes. A
 * `replace` navigation rewrites the current page's state (list filters, redirects) and is let through.
 */
function guardedLocationHook(registry: Registry) {
  return function useGuardedLocation(options?: Parameters<typeof useBrowserLocation>[0]): [string, Navigate] {
    const [location, navigate] = useBrowserLocation(options);
    const guarded = useCallback<Navigate>(
      (to, navOptions) => {
        if (navOptions?.replace || !hasUnsavedChanges(registry) || isCurrentUrl(String(to))) {
          navigate(to, navOptions);
          return;
        }
        void registry.ask().then((discard) => {
          if (discard) navigate(to, navOptions);
        });
      },
      [navigate],
    );
    return [location, guarded];
  };
}

/**
 * The back and forward buttons: a history move away from unsaved changes is undone at once, before
 * the router sees it, and asked about; Discard makes the move again. The listener must run before
 * wouter's, which re-renders (and unmounts the form) synchronously: it is added in a layout effect of
 * the provider, which runs before the passive effects in which the router's hooks subscribe.
 */
function useHistoryGuard(registry: Registry): void {
  useLayoutEffect(() => {
    let current = window.location.href;
    let letThrough = false;
    const remember = () => {
      current = window.location.href;
    };
    const onPopState = (event: PopStateEvent) => {
      if (letThrough || !hasUnsavedChanges(registry)) {
        letThrough = false;
        remember();
        return;
      }
      event.stopImmediatePropagation();
      window.history.pushState(window.history.state, '', current);
      void registry.ask().then((discard) => {
        if (!discard) return;
        letThrough = true;
        // The entry pushed back sits right after the one the person went to (back or forward alike).
        window.history.back();
      });
    };
    window.addEventListener('popstate', onPopState, { capture: true });
    window.addEventListener('pushState', remember);
    window.addEventListener('replaceState', remember);
    return () => {
      window.removeEventListener('popstate', onPopState, { capture: true });
      window.removeEventListener('pushState', remember);
      window.removeEventListener('replaceState', remember);
    };
  }, [registry]);
}

// Loaded on first use: the sign-in page never pays for a dialog it does not show.
const DiscardChangesDialog = lazy(() => import('./DiscardChangesDialog.tsx'));

/** Put once around the app (inside the theme, so the prompt follows it): the registry and the guarded Router. */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [prompt, setPrompt] = useState<{ resolve: (discard: boolean) => void } | null>(null);
  const [registry] = useState<Registry>(() => ({
    entries: new Set(),
    ask: () =>
      new Promise<boolean>((resolve) => {
        setPrompt((previous) => {
          previous?.resolve(false);
          return { resolve };
        });
      }),
  }));
  const [hook] = useState(() => guardedLocationHook(registry));

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges(registry)) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [registry]);
  useHistoryGuard(registry);

  return (
    <RegistryContext.Provider value={registry}>
      <Router hook={hook}>{children}</Router>
      {prompt && (
        // The prompt and its strings (`forms`) load on first use; the app never waits for them.
        <Suspense fallback={null}>
          <DiscardChangesDialog
            onClose={(discard) => {
              prompt.resolve(discard);
              setPrompt(null);
            }}
          />
        </Suspense>
      )}
    </RegistryContext.Provider>
  );
}

export interface UnsavedChangesGuard {
  /** Resolves true when there is nothing to lose, or when the person chose Discard. */
  confirmDiscard: () => Promise<boolean>;
  /** Run a navigation the form makes itself (after a save, to the record it created) without asking. */
  allow: <T>(action: () => T) => T;
}

/**
 * Registers a form while it is mounted: while `dirty`, leaving the page, going back, reloading or
 * closing the tab asks first. A dialog also calls `confirmDiscard()` before it closes.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const registry = useContext(RegistryContext);
  const entry = useRef<GuardEntry>({ dirty, bypass: false });
  useLayoutEffect(() => {
    entry.current.dirty = dirty;
  });
  useLayoutEffect(() => {
    if (!registry) return;
    const current = entry.current;
    registry.entries.add(current);
    return () => {
      registry.entries.delete(current);
    };
  }, [registry]);
  const confirmDiscard = useCallback(async () => {
    if (!entry.current.dirty) return true;
    return registry ? registry.ask() : true;
  }, [registry]);
  const allow = useCallback(<T,>(action: () => T): T => {
    entry.current.bypass = true;
    try {
      return action();
    } finally {
      entry.current.bypass = false;
    }
  }, []);
  return { confirmDiscard, allow };
}
