// Where the app mounts the offline agent (OfflineAgent.tsx): loaded for inspectors only, after the
// first render, so no other user and no first load pays for the field app.
import { lazy, Suspense } from 'react';
import { useSession } from '../lib/session.tsx';

const OfflineAgent = lazy(() => import('./OfflineAgent.tsx'));

export function OfflineSlot() {
  const { user } = useSession();
  if (user?.role_name !== 'qualitycontrol') return null;
  return (
    <Suspense fallback={null}>
      <OfflineAgent />
    </Suspense>
  );
}
