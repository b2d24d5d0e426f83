// The signed-in user on the client: userData from its readable cookie, ability rules from auth.me.
// The client uses the ability only to hide what the server would refuse.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createAbility, type AppAbility } from '../../shared/abilities/index.ts';
import { USER_DATA_COOKIE } from '../../shared/constants/http.ts';
import type { TUserData } from '../../shared/schemas/auth.ts';
import { readCookie } from './cookies.ts';
import { trpc } from './trpc.ts';

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
  loading: boolean;
}

const SessionContext = createContext<SessionValue>({ user: null, ability: createAbility([]), loading: false });

export function SessionProvider({ children }: { children: ReactNode }) {
  const cookieUser = readUserData();
  const me = trpc.auth.me.useQuery(undefined, { enabled: !!cookieUser, retry: false, staleTime: 60_000 });
  const value = useMemo<SessionValue>(() => {
    if (!cookieUser || me.isError) return { user: null, ability: createAbility([]), loading: false };
    return {
      user: me.data?.userData ?? cookieUser,
      ability: createAbility(me.data?.userAbilityRules ?? []),
      loading: me.isLoading,
    };
  }, [cookieUser?.id, me.data, me.isError, me.isLoading]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  return useContext(SessionContext);
}
