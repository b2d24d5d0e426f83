// The first screen of the public sign-in pages, drawn by the server (built by `vite build --ssr` into
// dist/ssr, called by src/server/plugins/drawn-pages.ts): the same components as in the browser, rendered
// to HTML in the visitor's language and theme, so a phone paints the form from the HTML and its
// stylesheets before any JavaScript has arrived. The browser's first render replaces it with the live
// page in one commit (main.tsx; what was typed meanwhile is carried over by app/drawn-page.ts). A page
// that cannot be drawn (a component suspends or fails) answers null and the server sends the page
// without it, as before.
import { BaseStyles } from '@primer/react';
import { ThemeProvider } from '@primer/react/next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import { LANGUAGE_CODES } from '../shared/constants/ui.ts';
import { ERROR_NAMESPACES, lazyBackend } from './i18n/index.ts';
import { trpc } from './lib/trpc.ts';
import ForgotPasswordPage from './pages/auth/ForgotPasswordPage.tsx';
import LoginPage from './pages/auth/LoginPage.tsx';
import RegisterPage from './pages/auth/RegisterPage.tsx';
import { BlankLayout } from './shell/BlankLayout.tsx';

/** The pages drawn, by path: public, no data of their own, the first page of most visits on a phone. */
const DRAWN: Record<string, { page: ComponentType; ns: string[] }> = {
  '/login': { page: LoginPage, ns: [] },
  '/register': { page: RegisterPage, ns: [] },
  '/forgot-password': { page: ForgotPasswordPage, ns: [] },
};

export interface DrawVisitor {
  language: string;
  theme: 'light' | 'dark';
}

const instances = new Map<string, Promise<I18n>>();

/** One i18next per language, with every namespace the drawn pages use loaded (the same files as the browser's). */
function i18nFor(language: string): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    const i18n = createInstance();
    const ns = ['common', ...ERROR_NAMESPACES, ...Object.values(DRAWN).flatMap((d) => d.ns)];
    instance = i18n
      .use(lazyBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: 'en',
        supportedLngs: [...LANGUAGE_CODES],
        ns,
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        showSupportNotice: false,
        react: { useSuspense: false },
      })
      .then(() => i18n);
    instances.set(language, instance);
  }
  return instance;
}

/** The paths this build draws. */
export const drawnPaths: readonly string[] = Object.keys(DRAWN);

/** The HTML of the page at `pathname` (inside #root), or null when it is not one of the drawn pages. */
export async function drawPage(pathname: string, search: string, visitor: DrawVisitor): Promise<string | null> {
  const drawn = DRAWN[pathname];
  if (!drawn) return null;
  const language = (LANGUAGE_CODES as readonly string[]).includes(visitor.language) ? visitor.language : 'en';
  const i18n = await i18nFor(language);
  const queryClient = new QueryClient();
  // Never called: a drawn page sends nothing before the browser's app has replaced it.
  const client = trpc.createClient({ links: [] });
  const Page = drawn.page;
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <trpc.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider colorMode={visitor.theme === 'dark' ? 'night' : 'day'}>
            <BaseStyles>
              <Router ssrPath={pathname} ssrSearch={search}>
                <BlankLayout>
                  <Page />
                </BlankLayout>
              </Router>
            </BaseStyles>
          </ThemeProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </I18nextProvider>,
  );
}
