// `?new=1` on a list page opens its create dialog (the search dialog's "Invite user", "New location"):
// once, when the caller may create, and the parameter leaves the address so a reload or Back does not
// open it again.
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSession } from '../../lib/session.tsx';

export const CREATE_PARAM = 'new';

export function useCreateParam(canCreate: boolean, onCreate: () => void): void {
  const search = useSearch();
  const { loading } = useSession();
  const [location, navigate] = useLocation();
  const create = useRef(onCreate);
  create.current = onCreate;
  const asked = new URLSearchParams(search).has(CREATE_PARAM);
  useEffect(() => {
    // The ability arrives with auth.me: decide once it is known.
    if (!asked || loading) return;
    const params = new URLSearchParams(search);
    params.delete(CREATE_PARAM);
    const rest = params.toString();
    navigate(`${location}${rest ? `?${rest}` : ''}`, { replace: true });
    if (canCreate) create.current();
  }, [asked, loading, search, location, navigate, canCreate]);
}
