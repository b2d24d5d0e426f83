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
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { carryOver, readDrawn } from './app/drawn-page.ts';
import { initPreferences } from './app/preferences.ts';
import { applyInitialSearch, firstRenderReady } from './app/preload.ts';
import { initI18n } from './i18n/index.ts';
import { prefetchSession } from './lib/session.tsx';

// Preferences first (theme, skin, direction on <html>/<body> before anything paints). Then, all at
// once: the current language's `common` strings, the session's abilities, and the page's chunk,
// layout, strings and first query (app/preload.ts). The app renders when `common` and what the first
// render shows are in (firstRenderReady: the shell, or the whole page outside it), so no Suspense
// fallback is shown first and React's reveal throttle after one does not apply.
const prefs = initPreferences();
const common = initI18n(prefs.language);
// Offline, the session the device kept is read before the first render (the guard needs its abilities).
const session = prefetchSession();
applyInitialSearch();
const firstRender = firstRenderReady(window.location.pathname + window.location.search);

void Promise.all([common, firstRender, session]).then(() => {
  const container = document.getElementById('root') as HTMLElement;
  // A page the server drew is replaced in one commit, what was typed on it carried over (drawn-page.ts).
  const drawn = readDrawn(container);
  const root = createRoot(container);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (!drawn) {
    root.render(app);
    return;
  }
  flushSync(() => root.render(app));
  carryOver(container, drawn);
});

// The service worker (the offline shell, updates) registers once the page has loaded, out of its way.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./offline/register.ts').then((m) => m.registerWhenIdle()), {
    once: true,
  });
}
