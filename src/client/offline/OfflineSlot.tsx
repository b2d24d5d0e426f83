// Where the app mounts the offline agent (OfflineAgent.tsx): loaded for inspectors only, after the
// first render, so no other user and no first load pays for the field app.
import { Suspense, useEffect, useState } from 'react';
import { loadable } from '../app/loadable.tsx';
import { useSession } from '../lib/session.tsx';

const agent = loadable(() => import('./OfflineAgent.tsx'));

export function OfflineSlot() {
  const { user } = useSession();
  const inspector = user?.role_name === 'qualitycontrol';
  // Mounted once its module is in, so it renders at once: a component suspending in the first render
  // made React render the whole page a second time after it (its siblings, "prerendered" behind it).
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!inspector) return;
    let live = true;
    // A failed load is tried again by the component itself, inside the boundary.
    const done = () => live && setLoaded(true);
    agent.load().then(done, done);
    return () => {
      live = false;
    };
  }, [inspector]);
  if (!inspector || !loaded) return null;
  return (
    <Suspense fallback={null}>
      <agent.Component />
    </Suspense>
  );
}
