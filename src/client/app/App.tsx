// Providers (query client, tRPC, Primer theme, session) around the router. Edit only to add an app-wide
// provider; routes live in routes.tsx. Primer's `next` ThemeProvider is used on purpose: the classic one
// bundles the legacy JavaScript colour schemes (~300 KB) that Primer React 38 components no longer read.
import { BaseStyles } from '@primer/react';
import { ThemeProvider } from '@primer/react/next';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastProvider } from '../components/Toast/Toast.tsx';
import { UnsavedChangesProvider } from '../components/UnsavedChanges/index.ts';
import { queryClient, trpcClient } from '../lib/query.ts';
import { SessionProvider } from '../lib/session.tsx';
import { trpc } from '../lib/trpc.ts';
import { OfflineSlot } from '../offline/OfflineSlot.tsx';
import { subscribeUpdate, waitingWorker } from '../offline/update.ts';
import { AppRouter } from './AppRouter.tsx';
import { effectiveTheme, usePreferences } from './preferences.ts';

/** Keeps i18next on the language of the preferences (the customizer and language menu change it). */
function useLanguageSync(language: string): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);
}

const UpdatePrompt = lazy(() => import('../offline/UpdatePrompt.tsx'));

/** The update prompt, loaded only once a new version waits (offline/register.ts). */
function UpdateSlot() {
  const waiting = useSyncExternalStore(subscribeUpdate, waitingWorker, () => null);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}

export function App() {
  const prefs = usePreferences();
  useLanguageSync(prefs.language);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider colorMode={effectiveTheme(prefs) === 'dark' ? 'night' : 'day'}>
          <BaseStyles>
            <UnsavedChangesProvider>
              <SessionProvider>
                <ToastProvider>
                  <OfflineSlot />
                  <AppRouter />
                  <UpdateSlot />
                </ToastProvider>
              </SessionProvider>
            </UnsavedChangesProvider>
          </BaseStyles>
        </ThemeProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
