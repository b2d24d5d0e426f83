import { BellIcon } from '@primer/octicons-react';
import { AnchoredOverlay, IconButton } from '@primer/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../lib/trpc.ts';
import classes from './Notifications.module.css';

const loadPanel = () => import('./NotificationsPanel.tsx');
const NotificationsPanel = lazy(loadPanel);
/** Fetch the panel's code as the pointer or the focus reaches the bell, so it opens at once. */
const preload = () => void loadPanel();

/** The navbar bell: unread count on the button, the caller's notifications in a panel. */
export function Notifications() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  // Opening moves focus to the panel's title: the bell's tooltip (shown while it has focus) goes away
  // instead of covering the panel's header and its "Mark all as read".
  const titleRef = useRef<HTMLHeadingElement>(null);
  const count = trpc.notifications.unreadCount.useQuery(undefined, { refetchInterval: 60_000 });
  const unread = count.data?.count ?? 0;
  return (
    <span className={classes.anchor}>
      <AnchoredOverlay
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        width="large"
        align="end"
        focusZoneSettings={{ disabled: true }}
        focusTrapSettings={{ initialFocusRef: titleRef }}
        overlayProps={{ role: 'dialog', 'aria-label': t('notifications.title') }}
        renderAnchor={(props) => (
          <IconButton
            {...props}
            onPointerEnter={preload}
            onFocus={preload}
            icon={BellIcon}
            variant="invisible"
            aria-label={unread > 0 ? t('notifications.buttonUnread', { count: unread }) : t('notifications.button')}
          />
        )}
      >
        <Suspense fallback={<p className={classes.state}>{t('notifications.loading')}</p>}>
          <NotificationsPanel onNavigate={() => setOpen(false)} titleRef={titleRef} />
        </Suspense>
      </AnchoredOverlay>
      {unread > 0 && (
        <span className={classes.count} aria-hidden="true">
          {unread > 9 ? '9+' : unread}
        </span>
      )}
    </span>
  );
}
