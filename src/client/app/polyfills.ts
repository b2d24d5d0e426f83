// The two polyfills @primer/react imports on every page, fetched only by a browser that lacks the feature
// (vite.config.ts resolves `@oddbird/popover-polyfill/fn` and `focus-visible` here). Every browser the app
// supports has the popover attribute and `:focus-visible`, so the first load no longer carries ~3 KB
// (gzip) of code it never runs.

/** As `@oddbird/popover-polyfill/fn` (Primer's Tooltip calls `if (!isSupported()) apply()`). */
export function isSupported(): boolean {
  return typeof HTMLElement !== 'undefined' && 'popover' in HTMLElement.prototype;
}

/** The package's main module applies itself where the popover attribute is missing. */
export function apply(): void {
  void import('@oddbird/popover-polyfill');
}

// As `import 'focus-visible'` (Primer's BaseStyles): its CSS falls back to the `.focus-visible` class.
if (typeof CSS !== 'undefined' && !CSS.supports('selector(:focus-visible)')) {
  void import('focus-visible/dist/focus-visible.js');
}
