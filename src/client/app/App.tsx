// Providers (query client, tRPC, Primer theme, session) and the route table with its guard.
import { BaseStyles, Spinner, ThemeProvider } from '@primer/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch, useSearch } from 'wouter';
import { SessionProvider, useSession } from '../lib/session.tsx';
import { createTrpcClient, trpc } from '../lib/trpc.ts';
import { guard, indexTarget, type RouteMeta } from './guard.ts';

const LoginPage = lazy(() => import('../pages/auth/LoginPage.tsx'));
const SignedInPage = lazy(() => import('../pages/home/SignedInPage.tsx'));
const MessagePage = lazy(() => import('../pages/misc/MessagePage.tsx'));

function Loading() {
  return (
    <div role="status" aria-label="Loading" style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <Spinner />
    </div>
  );
}

function Guarded({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const { user, ability, loading } = useSession();
  const search = useSearch();
  if (loading && meta.action) return <Loading />;
  const result = guard(meta, { signedIn: !!user, role: user?.role_name, ability, search: search ? `?${search}` : '' });
  if ('redirect' in result) return <Redirect to={result.redirect} replace />;
  return <>{children}</>;
}

function IndexRedirect() {
  const { user, ability, loading } = useSession();
  const search = useSearch();
  if (!user) return <Redirect to={`/login${search ? `?${search}` : ''}`} replace />;
  if (loading) return <Loading />;
  return <Redirect to={indexTarget(user.role_name, ability)} replace />;
}

function page(Component: ComponentType, meta: RouteMeta = {}) {
  return () => (
    <Guarded meta={meta}>
      <Component />
    </Guarded>
  );
}

const notFound = () => <MessagePage kind="notFound" />;
const notAuthorized = () => <MessagePage kind="notAuthorized" />;

export function Routes() {
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        <Route path="/" component={IndexRedirect} />
        <Route path="/login" component={page(LoginPage, { unauthenticatedOnly: true })} />
        <Route path="/dashboards/crm" component={page(SignedInPage)} />
        <Route path="/tasks" component={page(SignedInPage)} />
        <Route path="/access-control" component={page(SignedInPage, { action: 'read', subject: 'AclDemo' })} />
        <Route path="/not-authorized" component={notAuthorized} />
        <Route path="/pages/misc/not-authorized" component={notAuthorized} />
        <Route component={notFound} />
      </Switch>
    </Suspense>
  );
}

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } }),
  );
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider colorMode="day">
          <BaseStyles>
            <SessionProvider>
              <Routes />
            </SessionProvider>
          </BaseStyles>
        </ThemeProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
