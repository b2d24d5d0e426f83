// The notifications panel's contents (the list, mark as read, links), loaded the first time the bell
// opens: the navbar of every page shows the bell and its count, never pays for the panel on first paint.
import { BellIcon, CheckIcon, DotFillIcon } from '@primer/octicons-react';
import { Button, IconButton } from '@primer/react';
import { type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { TNotification } from '../../shared/schemas/notifications.ts';
import { useSession } from '../lib/session.tsx';
import { trpc } from '../lib/trpc.ts';
import { openableHref } from './links.ts';
import classes from './Notifications.module.css';

function relativeTime(date: Date, language: string): string {
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ];
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'minute');
}

export default function NotificationsPanel({
  onNavigate,
  titleRef,
}: {
  onNavigate: () => void;
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t, i18n } = useTranslation('shell');
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useQuery({ itemsPerPage: 20 });
  const refresh = () =>
    Promise.all([utils.notifications.list.invalidate(), utils.notifications.unreadCount.invalidate()]);
  const mark = trpc.notifications.markRead.useMutation({ onSuccess: refresh });
  const markAll = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh });
  const unread = list.data?.unread ?? 0;
  const { ability, user } = useSession();
  // A link only to a page that exists and the caller may open; any other notification shows as text.
  const linkOf = (n: TNotification) => openableHref(n.link, ability, user?.role_name ?? '');
  // Loaded after the overlay opened, the title takes the focus itself (the overlay's initial focus found
  // no title yet): the bell's tooltip goes away instead of covering the panel's header.
  useEffect(() => titleRef.current?.focus(), [titleRef]);

  const open = (n: TNotification, href: string) => {
    if (!n.readAt) mark.mutate({ id: n.id, read: true });
    navigate(href);
    onNavigate();
  };

  return (
    <div className={classes.panel}>
      <div className={classes.header}>
        <h2 ref={titleRef} tabIndex={-1} className={classes.title}>
          {t('notifications.title')}
        </h2>
        {unread > 0 && <span className={classes.badge}>{t('notifications.newCount', { count: unread })}</span>}
        <Button
          size="small"
          variant="invisible"
          className={classes.markAll}
          leadingVisual={CheckIcon}
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>
      {list.isLoading && <p className={classes.state}>{t('notifications.loading')}</p>}
      {list.isError && (
        <div className={classes.state} role="alert">
          <p>{t('notifications.error')}</p>
          <Button size="small" onClick={() => void list.refetch()}>
            {t('notifications.retry')}
          </Button>
        </div>
      )}
      {list.data && list.data.items.length === 0 && (
        <div className={classes.state}>
          <BellIcon size={24} />
          <p className={classes.emptyTitle}>{t('notifications.emptyTitle')}</p>
          <p>{t('notifications.emptyBody')}</p>
        </div>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className={classes.list} aria-label={t('notifications.title')}>
          {list.data.items.map((n) => {
            const href = linkOf(n);
            return (
              <li key={n.id} className={classes.item} data-unread={!n.readAt || undefined}>
                <span className={classes.dot} aria-hidden="true">
                  {!n.readAt && <DotFillIcon size={16} />}
                </span>
                <div className={classes.text}>
                  {href ? (
                    <a
                      href={href}
                      className={classes.itemTitle}
                      onClick={(event) => {
                        event.preventDefault();
                        open(n, href);
                      }}
                    >
                      {n.title}
                    </a>
                  ) : (
                    <span className={classes.itemTitle}>{n.title}</span>
                  )}
                  <span className={classes.srOnly}>
                    {n.readAt ? t('notifications.read') : t('notifications.unread')}
                  </span>
                  <p className={classes.body}>{n.body}</p>
                  <time className={classes.time} dateTime={n.createdAt.toISOString()}>
                    {relativeTime(n.createdAt, i18n.language)}
                  </time>
                </div>
                <IconButton
                  size="small"
                  variant="invisible"
                  icon={n.readAt ? BellIcon : CheckIcon}
                  aria-label={
                    n.readAt
                      ? t('notifications.markUnread', { title: n.title })
                      : t('notifications.markRead', { title: n.title })
                  }
                  onClick={() => mark.mutate({ id: n.id, read: !n.readAt })}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
