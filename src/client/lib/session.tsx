// The signed-in user on the client: userData from its readable cookie, ability rules from auth.me.
// The client uses the ability only to hide what the server would refuse.
import type { inferRouterOutputs } from '@trpc/server';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/router.ts';
import { type AppAbility, createAbility } from '../../shared/abilities/index.ts';
import { USER_DATA_COOKIE } from '../../shared/constants/http.ts';
import type { TUserData } from '../../shared/schemas/auth.ts';
import { loadOffline } from '../offline/index.ts';
import { requestLogout } from '../offline/logout-gate.ts';
import { deleteCookie, readCookie } from './cookies.ts';
import { trpcUtils } from './query.ts';
import { trpc, UNBATCHED } from './trpc.ts';

type AuthMe = inferRouterOutputs<AppRouter>['auth']['me'];

export function readUserData(): TUserData | null {
  const raw = readCookie(USER_DATA_COOKIE);
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as TUserData;
    return data && typeof data.role_name === 'string' ? data : null;
  } catch {
    return null;
  }
}

interface SessionValue {
  user: TUserData | null;
  ability: AppAbility;
  /** True while the ability rules of a signed-in user are being fetched. */
  loading: boolean;
}

/**
 * auth.me: asked once (a 401 means signed out, not a failure to retry), then fresh for a minute; sent
 * alone, so the shell does not wait for the page's own queries asked at the same time.
 */
const ME_OPTIONS = { retry: false, staleTime: 60_000, trpc: UNBATCHED } as const;

/** Where the server inlines auth.me's result in index.html (src/server/plugins/page-session.ts). */
const INLINE_SESSION_ID = 'od-session';

/** auth.me's result the server wrote in the page for this visitor, taken once (a later reload asks the server). */
function takeInlineSession(): AuthMe | null {
  const script = document.getElementById(INLINE_SESSION_ID);
  if (!script) return null;
  script.remove();
  try {
    return superjson.parse<AuthMe>(script.textContent ?? '');
  } catch {
    return null;
  }
}

/**
 * auth.me for a signed-in visitor before the first render (main.tsx): the answer inlined in the page
 * when the server could give it (no round trip), else asked now, beside the page's own loads.
 */
export function prefetchSession(): Promise<void> {
  const user = readUserData();
  if (!user) return Promise.resolve();
  const inline = takeInlineSession();
  if (inline) trpcUtils.auth.me.setData(undefined, inline);
  else if (!navigator.onLine) return offlineSession(user.id);
  else void trpcUtils.auth.me.prefetch(undefined, ME_OPTIONS);
  return Promise.resolve();
}

/**
 * Offline, the abilities the device kept at the last visit (encrypted, offline/cache.ts), so the
 * inspector's pages open; none kept: the app says what it can without them.
 */
async function offlineSession(userId: number): Promise<void> {
  try {
    const me = await (await loadOffline()).cachedSession<AuthMe>(userId);
    if (me) trpcUtils.auth.me.setData(undefined, me);
  } catch {
    // Nothing kept on this device.
  }
}

const EMPTY_ABILITY = createAbility([]);
const SessionContext = createContext<SessionValue>({ user: null, ability: EMPTY_ABILITY, loading: false });

export function SessionProvider({ children }: { children: ReactNode }) {
  const cookieUser = readUserData();
  const me = trpc.auth.me.useQuery(undefined, { ...ME_OPTIONS, enabled: !!cookieUser });
  const expired = me.error?.data?.code === 'UNAUTHORIZED';
  useEffect(() => {
    // A session the server no longer knows: forget its readable cookie so the guard sees a visitor.
    if (expired) deleteCookie(USER_DATA_COOKIE);
  }, [expired]);
  const value = useMemo<SessionValue>(() => {
    if (!cookieUser || me.isError) return { user: null, ability: EMPTY_ABILITY, loading: false };
    return {
      user: me.data?.userData ?? cookieUser,
      ability: me.data ? createAbility(me.data.userAbilityRules) : EMPTY_ABILITY,
      loading: me.isLoading,
    };
    // The cookie user is identified by its id (a new object is parsed on every render).
  }, [cookieUser?.id, me.data, me.isError, me.isLoading]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  return useContext(SessionContext);
}

/** Sign out for real (the server revokes the session and clears the cookies), then show the login page. */
export function useLogout(): { logout: () => void; pending: boolean } {
  const mutation = trpc.auth.logout.useMutation({
    onSettled() {
      deleteCookie(USER_DATA_COOKIE);
      window.location.assign('/login');
    },
  });
  // Changes waiting on the device are named first; the device's offline data is wiped before the session ends.
  const logout = () => void requestLogout(readUserData()?.id ?? null, () => mutation.mutate());
  return { logout, pending: mutation.isPending };
}
