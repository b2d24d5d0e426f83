// Renders the route table: matches the location, applies the guard, then the route's layout and lazy
// page. One stable tree for every route of a layout, so the shell is not re-mounted on navigation.
import { lazy, Suspense } from 'react';
import { Redirect, Route, useLocation, useSearch } from 'wouter';
import { landingPathFor } from '../../shared/constants/roles.ts';
import { ErrorBoundary } from '../components/ErrorBoundary/ErrorBoundary.tsx';
import { PageLoading } from '../components/PageLoading/PageLoading.tsx';
import { useSession } from '../lib/session.tsx';
import { BlankLayout } from '../shell/BlankLayout.tsx';
import { guard, indexTarget } from './guard.ts';
import { matchPath, pageComponent, type RouteMatch } from './routes.tsx';
import { useScrollOnNavigate } from './scroll.ts';

const DefaultLayout = lazy(() => import('../shell/DefaultLayout.tsx'));

export function AppRouter() {
  const [location] = useLocation();
  const search = useSearch();
  useScrollOnNavigate(location);
  return <RouteView match={matchPath(location)} location={location} search={search} />;
}

/** wouter's Redirect navigates once per mount; the key makes consecutive redirects (login -> / -> landing) each run. */
function Go({ to }: { to: string }) {
  return <Redirect key={to} to={to} replace />;
}

function RouteView({ match, location, search }: { match: RouteMatch; location: string; search: string }) {
  const { user, ability, loading } = useSession();
  const { route, pattern } = match;

  if (route.name === 'index') {
    if (!user) return <Go to={`/login${search ? `?${search}` : ''}`} />;
    if (loading && !landingPathFor(user.role_name)) return <PageLoading fullScreen />;
    return <Go to={indexTarget(user.role_name, ability)} />;
  }

  const meta = route.meta ?? {};
  const needsAbility = !!user && !meta.public && !meta.unauthenticatedOnly;
  if (needsAbility && loading) return <PageLoading fullScreen />;
  const verdict = guard(meta, { signedIn: !!user, role: user?.role_name, ability, pathname: location, search });
  if ('redirect' in verdict) return <Go to={verdict.redirect} />;

  const Page = pageComponent(route);
  const page = (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoading />}>
        <Route path={pattern}>
          <Page />
        </Route>
      </Suspense>
    </ErrorBoundary>
  );
  if (route.layout === 'blank' || !user) return <BlankLayout>{page}</BlankLayout>;
  return (
    <Suspense fallback={<PageLoading fullScreen />}>
      <DefaultLayout route={route}>{page}</DefaultLayout>
    </Suspense>
  );
}
