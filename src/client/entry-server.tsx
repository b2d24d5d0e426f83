// The first screen of the public sign-in pages, and of the inspector's pages on a phone, drawn by the
// server (built by `vite build --ssr` into dist/ssr, called by src/server/plugins/drawn-pages.ts): the
// same components as in the browser, rendered to HTML in the visitor's language and theme, so a phone
// paints the page from the HTML and its stylesheets before any JavaScript has arrived. A signed-in page
// is drawn in the shell with its first query answered (asked through the server's own API as the
// browser would ask it), and that answer goes along in the page for the browser's cache. The browser's
// first render replaces the drawing in one commit (main.tsx; what was typed meanwhile is carried over
// by app/drawn-page.ts). A page that cannot be drawn (a component suspends or fails) answers null and
// the server sends the page without it, as before.
import { BaseStyles } from '@primer/react';
import { ThemeProvider } from '@primer/react/next';
import { type DehydratedState, dehydrate, type Query, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import superjson from 'superjson';
import { Route, Router } from 'wouter';
import type { AppRouter } from '../server/trpc/router.ts';
import { createAbility } from '../shared/abilities/index.ts';
import { LANGUAGE_CODES } from '../shared/constants/ui.ts';
import type { DrawnAnswers } from './app/drawn-page.ts';
import { guard } from './app/guard.ts';
import { listInputOf } from './app/list-inputs.ts';
import { namespacesOf, prefetchPageData, setPreloadedDefaults } from './app/preload.ts';
import { matchPath, routeByName, withInitialSearch } from './app/routes.tsx';
import { ToastProvider } from './components/Toast/Toast.tsx';
import { UnsavedChangesProvider } from './components/UnsavedChanges/index.ts';
import { ERROR_NAMESPACES, lazyBackend } from './i18n/index.ts';
import { withServerSnapshot } from './lib/server-snapshot.ts';
import { SessionProvider } from './lib/session.tsx';
import { trpc } from './lib/trpc.ts';
import ProductListPage from './pages/apps/ecommerce/ProductListPage.tsx';
import InvoiceListPage from './pages/apps/invoice/InvoiceListPage.tsx';
import PermissionsPage from './pages/apps/roles/PermissionsPage.tsx';
import UserListPage from './pages/apps/user/UserListPage.tsx';
import ForgotPasswordPage from './pages/auth/ForgotPasswordPage.tsx';
import LoginPage from './pages/auth/LoginPage.tsx';
import RegisterPage from './pages/auth/RegisterPage.tsx';
import CustomersPage from './pages/business/CustomersPage.tsx';
import LicensesPage from './pages/business/LicensesPage.tsx';
import AuditPage from './pages/management/AuditPage.tsx';
import DirectionsPage from './pages/management/DirectionsPage.tsx';
import LocationClassesPage from './pages/management/LocationClassesPage.tsx';
import LocationSettingPage from './pages/management/LocationSettingPage.tsx';
import MailDeliveriesPage from './pages/management/MailDeliveriesPage.tsx';
import SchemesPage from './pages/management/SchemesPage.tsx';
import SubDirectionsPage from './pages/management/SubDirectionsPage.tsx';
import TeamsPage from './pages/management/TeamsPage.tsx';
import UsersPage from './pages/management/UsersPage.tsx';
import ProjectsPage from './pages/projects/ProjectsPage.tsx';
import DataTablePage from './pages/tables/DataTablePage.tsx';
import ActionsPage from './pages/tasks/actions/ActionsPage.tsx';
import PerformTaskPage from './pages/tasks/PerformTaskPage.tsx';
import TasksPage from './pages/tasks/TasksPage.tsx';
import { BlankLayout } from './shell/BlankLayout.tsx';
import DefaultLayout from './shell/DefaultLayout.tsx';

/** The pages drawn, by path: public, no data of their own, the first page of most visits on a phone. */
const DRAWN: Record<string, { page: ComponentType; ns: string[] }> = {
  '/login': { page: LoginPage, ns: [] },
  '/register': { page: RegisterPage, ns: [] },
  '/forgot-password': { page: ForgotPasswordPage, ns: [] },
};

/**
 * The signed-in pages drawn, by route name, on a phone only: the inspector's perform page, in the field,
 * where a slow network and CPU make the wait for the app longest.
 */
const DRAWN_ON_PHONES: Record<string, ComponentType> = {
  'tasks-perform_task-slotId-assignLocationId': PerformTaskPage,
};

/**
 * List pages drawn on every device, by route name: their first rows are on screen with the HTML, on a
 * desktop's first visit too, while the app is on its way (the route's strings, as the browser loads them).
 */
const DRAWN_LISTS: Record<string, ComponentType> = {
  'apps-permissions': PermissionsPage,
  'apps-ecommerce-product-list': ProductListPage,
  'apps-invoice-list': InvoiceListPage,
  'apps-user-list': UserListPage,
  'tables-data-table': DataTablePage,
  'business-customers': CustomersPage,
  'business-licenses': LicensesPage,
  'management-classes': LocationClassesPage,
  'management-directions': DirectionsPage,
  'management-location-setting': LocationSettingPage,
  'management-schemes': SchemesPage,
  'management-sub-directions': SubDirectionsPage,
  'management-teams': TeamsPage,
  'management-users': UsersPage,
  'management-audit': AuditPage,
  'management-mail': MailDeliveriesPage,
  projects: ProjectsPage,
  tasks: TasksPage,
  'tasks-actions': ActionsPage,
};

/** The strings a signed-in page renders with, as the browser loads them for its route. */
const signedInNamespaces = (name: string) => namespacesOf(routeByName(name)!, true);

/** A signed-in page drawn for this device: a list page on any device, the phone's pages on a phone. */
function drawnSignedIn(name: string, phone: boolean): ComponentType | null {
  return DRAWN_LISTS[name] ?? (phone ? (DRAWN_ON_PHONES[name] ?? null) : null);
}

type AuthMe = inferRouterOutputs<AppRouter>['auth']['me'];

export interface DrawVisitor {
  language: string;
  theme: 'light' | 'dark';
}

/** A signed-in visitor: their auth.me, their request's cookies, their device, and how to ask the API as them. */
export interface DrawSession {
  me: AuthMe;
  cookies: string;
  phone: boolean;
  /** `fetch` against the server's own API, with the visitor's cookies (drawn-pages.ts). */
  fetch: typeof fetch;
}

export interface Drawing {
  html: string;
  /** The answers the drawing was made with, for the browser's query cache (signed-in pages). */
  state?: DehydratedState;
}

const instances = new Map<string, Promise<I18n>>();

/** One i18next per language, with every namespace the drawn pages use loaded (the same files as the browser's). */
function i18nFor(language: string): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    const i18n = createInstance();
    const ns = [
      'common',
      ...ERROR_NAMESPACES,
      ...Object.values(DRAWN).flatMap((d) => d.ns),
      ...[...Object.keys(DRAWN_LISTS), ...Object.keys(DRAWN_ON_PHONES)].flatMap(signedInNamespaces),
    ];
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

function languageOf(visitor: DrawVisitor): string {
  return (LANGUAGE_CODES as readonly string[]).includes(visitor.language) ? visitor.language : 'en';
}

/** The app's providers around a drawn page (the browser's App.tsx, with the drawing's own cache and client). */
function Providers(props: {
  i18n: I18n;
  queryClient: QueryClient;
  client: ReturnType<typeof trpc.createClient>;
  theme: DrawVisitor['theme'];
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={props.i18n}>
      <trpc.Provider client={props.client} queryClient={props.queryClient}>
        <QueryClientProvider client={props.queryClient}>
          <ThemeProvider colorMode={props.theme === 'dark' ? 'night' : 'day'}>
            <BaseStyles>{props.children}</BaseStyles>
          </ThemeProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </I18nextProvider>
  );
}

/**
 * The drawing of the page at `pathname` (inside #root), or null when this build does not draw it for
 * this visitor: the sign-in pages without `session`, the signed-in pages with one.
 */
export async function drawPage(
  pathname: string,
  search: string,
  visitor: DrawVisitor,
  session?: DrawSession,
): Promise<Drawing | null> {
  if (session) return drawSignedIn(pathname, search, visitor, session);
  const drawn = DRAWN[pathname];
  if (!drawn) return null;
  const i18n = await i18nFor(languageOf(visitor));
  const queryClient = new QueryClient();
  // Never called: a drawn page sends nothing before the browser's app has replaced it.
  const client = trpc.createClient({ links: [] });
  const Page = drawn.page;
  return {
    html: renderToString(
      <Providers i18n={i18n} queryClient={queryClient} client={client} theme={visitor.theme}>
        <Router ssrPath={pathname} ssrSearch={search}>
          <BlankLayout>
            <Page />
          </BlankLayout>
        </Router>
      </Providers>,
    ),
  };
}

/** The largest answer (superjson text) a drawing carries for the app; larger ones the app asks itself. */
const MAX_CARRIED_ANSWER = 16 * 1024;

/** Whether the hook that made `query` had it enabled (its options carry the hook's `enabled`). */
function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

async function drawSignedIn(
  pathname: string,
  rawSearch: string,
  visitor: DrawVisitor,
  session: DrawSession,
): Promise<Drawing | null> {
  const { route, pattern } = matchPath(pathname);
  const Page = drawnSignedIn(route.name, session.phone);
  if (!Page) return null;
  // Only a page the visitor may open (the app's guard would send them elsewhere at once).
  const allowed = guard(route.meta ?? {}, {
    signedIn: true,
    role: session.me.userData.role_name,
    ability: createAbility(session.me.userAbilityRules),
    pathname,
    search: rawSearch.replace(/^\?/, ''),
  });
  if (!('allow' in allowed)) return null;
  const search = withInitialSearch(route, rawSearch, session.me.userData.role_name);
  const i18n = await i18nFor(languageOf(visitor));
  // The drawing's own cache, filled as the browser's would be: auth.me as the page inlines it, then the
  // page's first query asked through the API (the same procedure, input and checks).
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  setPreloadedDefaults(queryClient);
  const client = trpc.createClient({
    links: [httpBatchLink({ url: 'http://drawing/trpc', transformer: superjson, fetch: session.fetch })],
  });
  const utils = createTRPCQueryUtils({ queryClient, client });
  utils.auth.me.setData(undefined, session.me);
  await prefetchPageData(utils, pathname, search);
  const draw = () =>
    withServerSnapshot({ cookies: session.cookies, phone: session.phone }, () =>
      renderToString(
        <Providers i18n={i18n} queryClient={queryClient} client={client} theme={visitor.theme}>
          <UnsavedChangesProvider>
            <SessionProvider>
              <ToastProvider>
                <Router ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')}>
                  <DefaultLayout route={route}>
                    <Route path={pattern}>
                      <Page />
                    </Route>
                  </DefaultLayout>
                </Router>
              </ToastProvider>
            </SessionProvider>
          </UnsavedChangesProvider>
        </Providers>,
      ),
    );
  let html = draw();
  // What that drawing asked without an answer (the shell's counters, the filters' choices), asked now
  // together and drawn again with the answers: the app's first render then has every answer it needs
  // and asks none again. An answer too large to carry in the page is left for the app to ask.
  const unanswered = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'pending' && isEnabled(query) });
  if (unanswered.length) {
    await Promise.allSettled(unanswered.map((query) => query.fetch()));
    for (const query of unanswered)
      if (query.state.status !== 'success' || superjson.stringify(query.state.data).length > MAX_CARRIED_ANSWER)
        queryClient.getQueryCache().remove(query);
    html = draw();
  }
  // Only the page's own answers go along: auth.me is inlined by the page already (page-session.ts).
  // With the input of the page's list, so the app's first render finds its answer without building it.
  const state: DrawnAnswers = {
    ...dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && !query.queryHash.includes('"auth","me"'),
    }),
    list: route.list && { domain: route.list, search, input: await listInputOf(route.list, search) },
  };
  return { html, state };
}
