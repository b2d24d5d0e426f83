// Renders the route table: matches the location, applies the guard, then the route's layout and lazy
// page. One stable tree for every route of a layout, so the shell is not re-mounted on navigation.
//
// No blanking on navigation: pages render the *shown* location, which follows the browser's a step
// behind when the path changes (React's useDeferredValue). The next page renders in the background and
// waits (suspends) until its chunk, strings and first query are in (app/preload.ts); meanwhile the
// previous page stays on screen under a thin progress bar, while the shell (navigation, menus) already
// follows the browser's location. Changes of the query string alone (list state) are shown at once.
// Only a first load shows a skeleton.
import { type ReactNode, Suspense, use, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Redirect, Route, Router, useLocation, useRouter } from 'wouter';
import { landingPathFor } from '../../shared/constants/roles.ts';
import { ErrorBoundary } from '../components/ErrorBoundary/ErrorBoundary.tsx';
import { PageLoading } from '../components/PageLoading/PageLoading.tsx';
import { useSession } from '../lib/session.tsx';
import { BlankLayout } from '../shell/BlankLayout.tsx';
import { guard, indexTarget } from './guard.ts';
import { NavigationProgress } from './NavigationProgress.tsx';
import { defaultLayout, pendingFirstPage, preloadHref, usePrefetchOnIntent } from './preload.ts';
import { layoutOf, matchPath, pageComponent, type RouteMatch } from './routes.tsx';
import { useScrollOnNavigate } from './scroll.ts';

const DefaultLayout = defaultLayout.Component;

interface Shown {
  path: string;
  search: string;
}

export function AppRouter() {
  // The browser's location, and the navigate of the router around this one (it may guard leaving).
  const [path, navigate] = useLocation();
  // The query string as the address bar has it: wouter's useSearch decodes it (decodeURI), and the
  // pages' useSearch decodes what this router hands them; the first page's loads were keyed by the raw
  // one (main.tsx), so a decoded key (a %09 the URL parser then drops) would load the page again and
  // show its loading state over the page the server drew.
  const router = useRouter();
  const raw = router.searchHook(router);
  const search = raw.startsWith('?') ? raw.slice(1) : raw;
  const target = useMemo<Shown>(() => ({ path, search }), [path, search]);
  const deferred = useDeferredValue(target);
  const shown = deferred.path === path ? target : deferred;
  // The path on screen; a render for another path is a navigation that waits for its page.
  const committed = useRef<string | null>(null);
  useEffect(() => {
    committed.current = shown.path;
  }, [shown.path]);
  useScrollOnNavigate(shown.path);
  usePrefetchOnIntent();

  // Pages read the shown location through wouter's hooks, so the previous page keeps rendering its
  // own URL until the next one replaces it.
  const pageRouter = useMemo<PageRouter>(
    () => ({ hook: (): [string, typeof navigate] => [shown.path, navigate], searchHook: () => shown.search }),
    [shown, navigate],
  );

  return (
    <>
      <NavigationProgress active={shown !== target} />
      <RouteView
        match={matchPath(shown.path)}
        location={shown.path}
        search={shown.search}
        entering={committed.current !== shown.path}
        pageRouter={pageRouter}
      />
    </>
  );
}

/** wouter's location and search hooks of the page (plain functions over the shown location). */
interface PageRouter {
  hook: () => [string, ReturnType<typeof useLocation>[1]];
  searchHook: () => string;
}

/** wouter's Redirect navigates once per mount; the key makes consecutive redirects (login -> / -> landing) each run. */
function Go({ to }: { to: string }) {
  return <Redirect key={to} to={to} replace />;
}

/** Waits (suspends) until what the page at `href` needs is loaded, when the page is being entered. */
function WhenReady({ href, wait, children }: { href: string; wait: boolean; children: ReactNode }) {
  if (wait) use(preloadHref(href));
  return children;
}

/**
 * False while the visit's first page is still loading (the shell renders first): its skeleton is then
 * plain content, replaced by an ordinary update when the loads are in, so React does not hold the
 * page's reveal (it throttles a Suspense boundary's reveal up to 300 ms after its fallback showed).
 */
function useFirstPageReady(): boolean {
  const [pending] = useState(pendingFirstPage);
  const [ready, setReady] = useState(!pending);
  useEffect(() => {
    if (!pending) return;
    let live = true;
    void pending.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [pending]);
  return ready;
}

interface RouteViewProps {
  match: RouteMatch;
  location: string;
  search: string;
  /** The path is not the one on screen: wait for the page's loads before showing it. */
  entering: boolean;
  pageRouter: PageRouter;
}

function RouteView({ match, location, search, entering, pageRouter }: RouteViewProps) {
  const { user, ability, loading } = useSession();
  const firstPageReady = useFirstPageReady();
  const { route, pattern } = match;
  const skeleton = route.list ? 'list' : 'page';

  if (route.name === 'index') {
    if (!user) return <Go to={`/login${search ? `?${search}` : ''}`} />;
    if (loading && !landingPathFor(user.role_name)) return <PageLoading fullScreen />;
    return <Go to={indexTarget(user.role_name, ability)} />;
  }

  const meta = route.meta ?? {};
  const layout = layoutOf(route, !!user);
  // The guard and the navigation of the default layout need the caller's ability.
  const needsAbility = !!user && ((!meta.public && !meta.unauthenticatedOnly) || layout === 'default');
  if (needsAbility && loading) return <PageLoading fullScreen variant={skeleton} />;
  const verdict = guard(meta, { signedIn: !!user, role: user?.role_name, ability, pathname: location, search });
  if ('redirect' in verdict) return <Go to={verdict.redirect} />;

  const Page = pageComponent(route);
  const page = (
    <ErrorBoundary resetKey={location}>
      {firstPageReady ? (
        <Suspense fallback={<PageLoading variant={skeleton} />}>
          <WhenReady href={`${location}${search ? `?${search}` : ''}`} wait={entering}>
            <Router hook={pageRouter.hook} searchHook={pageRouter.searchHook}>
              <Route path={pattern}>
                <Page />
              </Route>
            </Router>
          </WhenReady>
        </Suspense>
      ) : (
        <PageLoading variant={skeleton} />
      )}
    </ErrorBoundary>
  );
  if (layout === 'blank') return <BlankLayout>{page}</BlankLayout>;
  return (
    <Suspense fallback={<PageLoading fullScreen variant={skeleton} />}>
      <DefaultLayout route={route}>{page}</DefaultLayout>
    </Suspense>
  );
}
