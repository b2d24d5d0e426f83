// Registers the service worker (vite-plugin-pwa's /sw.js: the precached shell, fonts, strings and the
// inspector's pages; pages open offline) once the first page is in, so it never competes with it, and
// announces a new version when one has installed and waits (update.ts → the update prompt). A waiting
// version is applied only from the prompt (UpdatePrompt.tsx), never while changes wait to be sent.
import { setWaitingWorker } from './update.ts';

export const SERVICE_WORKER_URL = '/sw.js';

/** How often an app left open (a phone in a pocket all day) asks whether a new version is out. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  // A browser that blocks workers (an automation policy, some private modes) may answer with nothing.
  if (!registration) return null;
  // A worker waits only behind another that controls the page: the first one takes over at once.
  const announce = () => {
    if (registration.waiting && navigator.serviceWorker.controller) setWaitingWorker(registration.waiting);
  };
  announce();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') announce();
    });
  });
  setInterval(() => {
    if (navigator.onLine) registration.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
  return registration;
}

/** Registers once the page has loaded and the browser is idle (out of the first load's way). */
export function registerWhenIdle(): void {
  const start = () => {
    const run = () => {
      registerServiceWorker().catch((error: unknown) => console.warn('service worker not registered', error));
    };
    if ('requestIdleCallback' in window) window.requestIdleCallback(run);
    else setTimeout(run, 200);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
