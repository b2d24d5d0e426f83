// Mounted once in the app: for a signed-in user who performs tasks, starts the offline layer (what
// waits is sent, today's and tomorrow's tasks are kept on the device and refreshed, the perform page's
// code and strings are loaded ahead so it opens offline in this visit), and asks before a logout that
// would discard unsent changes.
import { lazy, Suspense, useEffect, useState } from 'react';
import { pendingFirstPage, preloadCode } from '../app/preload.ts';
import i18n from '../i18n/index.ts';
import { useSession } from '../lib/session.tsx';
import { loadOffline } from './index.ts';
import { onLogoutQuestion } from './logout-gate.ts';

const LogoutDialog = lazy(() => import('./LogoutDialog.tsx'));
/** Any perform page: warming one loads the code and strings of all (preloadCode asks the server nothing). */
const WARM_PERFORM_PATH = '/tasks/perform_task/1/1';

/** Settles once the document's load event has fired (its first files, fonts and images are in). */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

export default function OfflineAgent() {
  const { user, ability } = useSession();
  // The field app is the inspector's (perform is the assigned inspector's alone).
  const performs = !!user && user.role_name === 'qualitycontrol' && ability.can('perform', 'Task');
  const userId = user?.id ?? null;
  const [question, setQuestion] = useState<{ count: number; proceed: () => void } | null>(null);

  useEffect(() => {
    if (!performs || userId === null) return;
    let cancelled = false;
    void loadOffline().then((layer) => {
      if (cancelled) return;
      layer.startOffline(userId);
      // The inspector's pages (code and strings), once the browser is idle, so they open offline in this visit.
      const warm = () => {
        if (cancelled || !navigator.onLine) return;
        void i18n.loadNamespaces(['workflow', 'perform']);
        void preloadCode('/tasks?mine=true');
        void preloadCode(WARM_PERFORM_PATH);
      };
      // Not before the page in front of the inspector is in: on a slow network the warm-up's files would
      // queue beside its data and delay it.
      void Promise.all([pendingFirstPage(), pageLoaded()]).then(() => {
        if ('requestIdleCallback' in window) requestIdleCallback(warm, { timeout: 5_000 });
        else setTimeout(warm, 500);
      });
    });
    return () => {
      cancelled = true;
    };
  }, [performs, userId]);

  useEffect(() => {
    onLogoutQuestion((count, proceed) => setQuestion({ count, proceed }));
    return () => onLogoutQuestion(null);
  }, []);

  if (!question || userId === null) return null;
  return (
    <Suspense fallback={null}>
      <LogoutDialog
        userId={userId}
        count={question.count}
        onLoggedOut={question.proceed}
        onClose={() => setQuestion(null)}
      />
    </Suspense>
  );
}
