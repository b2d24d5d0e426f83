// Providers (query client, tRPC, Primer theme, session) around the router. Edit only to add an app-wide
// provider; routes live in routes.tsx. Primer's `next` ThemeProvider is used on purpose: the classic one
// bundles the legacy JavaScript colour schemes (~300 KB) that Primer React 38 components no longer read.
import { BaseStyles } from '@primer/react';
import { ThemeProvider } from '@primer/react/next';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastProvider } from '../components/Toast/Toast.tsx';
import { UnsavedChangesProvider } from '../components/UnsavedChanges/index.ts';
import { queryClient, trpcClient } from '../lib/query.ts';
import { SessionProvider } from '../lib/session.tsx';
import { trpc } from '../lib/trpc.ts';
import { OfflineSlot } from '../offline/OfflineSlot.tsx';
import { AppRouter } from './AppRouter.tsx';
import { effectiveTheme, usePreferences } from './preferences.ts';

/** Keeps i18next on the language of the preferences (the customizer and language menu change it). */
function useLanguageSync(language: string): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);
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
                </ToastProvider>
              </SessionProvider>
            </UnsavedChangesProvider>
          </BaseStyles>
        </ThemeProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
