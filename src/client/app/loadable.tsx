// A lazily loaded component that renders at once when its module is already in. React.lazy suspends
// the first time it renders, even when the module has long arrived; React 19 then holds the reveal of
// what the Suspense boundary waited for up to 300 ms (its fallback throttle), which on a cold load
// cost the login form and the first list page about a third of their time. `load` is what preloading
// calls; a component mounted after it settled renders the module directly, without suspending.
import { type ComponentType, createElement, lazy, useState } from 'react';

export interface Loadable<P extends object> {
  Component: ComponentType<P>;
  /** Loads the module once (again after a failure); the component renders from the same module. */
  load: () => Promise<{ default: ComponentType<P> }>;
}

export function loadable<P extends object>(importer: () => Promise<{ default: ComponentType<P> }>): Loadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () =>
    (pending ??= importer().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(load) as unknown as ComponentType<P>;
  function Component(props: P) {
    // Decided once per mount: switching from the lazy wrapper to the module would remount the page.
    const [Ready] = useState(() => loaded);
    return createElement(Ready ?? Lazy, props);
  }
  return { Component, load };
}
