// Renders a hook in a real React root for unit tests that run under jsdom (`// @vitest-environment
// jsdom`): the hook's latest result, a re-render with new props, and an unmount. No testing library.
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

export interface RenderedHook<P, R> {
  /** The hook's return value of the last render. */
  readonly result: { current: R };
  rerender: (props: P) => void;
  unmount: () => void;
}

export function renderHook<P, R>(hook: (props: P) => R, props: P): RenderedHook<P, R> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const result = { current: undefined as R };
  function Probe({ hookProps }: { hookProps: P }) {
    result.current = hook(hookProps);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(createElement(Probe, { hookProps: props })));
  return {
    result,
    rerender: (next) => act(() => root.render(createElement(Probe, { hookProps: next }))),
    unmount: () => act(() => root.unmount()),
  };
}
