import './zod-config.ts';
import '@fontsource/public-sans/300.css';
import '@fontsource/public-sans/400.css';
import '@fontsource/public-sans/500.css';
import '@fontsource/public-sans/600.css';
import '@fontsource/public-sans/700.css';
import '@primer/primitives/dist/css/base/size/size.css';
import '@primer/primitives/dist/css/base/typography/typography.css';
import '@primer/primitives/dist/css/base/motion/motion.css';
import '@primer/primitives/dist/css/functional/size/border.css';
import '@primer/primitives/dist/css/functional/size/breakpoints.css';
import '@primer/primitives/dist/css/functional/size/size.css';
import '@primer/primitives/dist/css/functional/size/viewport.css';
import '@primer/primitives/dist/css/functional/size/radius.css';
import '@primer/primitives/dist/css/functional/size/z-index.css';
import '@primer/primitives/dist/css/functional/typography/typography.css';
import '@primer/primitives/dist/css/functional/themes/light.css';
import '@primer/primitives/dist/css/functional/themes/dark.css';
import './styles/global.css';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { runtimeZone } from '../shared/time/zoned.ts';
import { App } from './app/App.tsx';
import { carryOver, takeDrawnAnswers, watchDrawn } from './app/drawn-page.ts';
import { initPreferences } from './app/preferences.ts';
import { applyInitialSearch, firstRenderReady } from './app/preload.ts';
import { initI18n } from './i18n/index.ts';
import { queryClient } from './lib/query.ts';
import { prefetchSession } from './lib/session.tsx';

/** Runs once, in the commit that replaced the drawing, before the browser paints it. */
function AfterDrawing({ run }: { run: () => void }) {
  useLayoutEffect(run, []);
  return null;
}

/** Lets the browser run what waits (a tap, a paint) before going on. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Preferences first (theme, skin, direction on <html>/<body> before anything paints). Then, all at
// once: the current language's `common` strings, the session's abilities, and the page's chunk,
// layout, strings and first query (app/preload.ts). The app renders when `common` and what the first
// render shows are in (firstRenderReady: the shell, or the whole page outside it), so no Suspense
// fallback is shown first and React's reveal throttle after one does not apply.
// Over a page the server drew nothing waits for the app: its start is spread over several tasks, after
// the one that ran the app's code, so a slow phone answers a tap on the drawing in between.
async function start(container: HTMLElement): Promise<void> {
  // What the visitor does on a page the server drew, followed until the app replaces it (drawn-page.ts).
  const readDrawn = watchDrawn(container);
  // Over a drawing, each step of the start is a task of its own (on a slow phone each takes tens of ms).
  const step = () => (readDrawn ? yieldToBrowser() : undefined);
  await step();
  const prefs = initPreferences();
  const common = initI18n(prefs.language);
  await step();
  // The runtime's first date formatter costs tens of ms (its zone data): a task of its own, not a slice
  // of the render that formats the page's dates.
  runtimeZone();
  await step();
  // Offline, the session the device kept is read before the first render (the guard needs its abilities).
  const session = prefetchSession();
  await step();
  // A page the server drew for a signed-in visitor brought its first answers: in the cache before the loads start.
  const signedInDrawing = takeDrawnAnswers(queryClient);
  await step();
  applyInitialSearch();
  await step();
  const firstRender = firstRenderReady(window.location.pathname + window.location.search, !!readDrawn);
  await Promise.all([common, firstRender, session]);
  await step();
  const root = createRoot(container);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (!readDrawn) {
    root.render(app);
    return;
  }
  if (!signedInDrawing) {
    // A sign-in form: read, replaced and carried over in one task, so no keystroke can land in between
    // (on a drawn field no longer in the page, or a live one not yet filled).
    const state = readDrawn();
    flushSync(() => root.render(app));
    carryOver(container, state);
    return;
  }
  // A signed-in page stays on screen, and usable, while the live page renders in the background (in
  // slices, so the phone keeps answering); one commit then replaces it, what was done on it carried over.
  let carried = false;
  const carry = () => {
    if (carried) return;
    carried = true;
    carryOver(container, readDrawn());
  };
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
        <AfterDrawing run={carry} />
      </StrictMode>,
    ),
  );
}

void start(document.getElementById('root') as HTMLElement);

// The service worker (the offline shell, updates) registers once the page has loaded, out of its way.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./offline/register.ts').then((m) => m.registerWhenIdle()), {
    once: true,
  });
}
