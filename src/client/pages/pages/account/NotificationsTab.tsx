// The `notifications` tab: for each kind of notification, how it reaches the user — in the app only, also by
// e-mail at once, also in the daily digest, or not at all (notifications.preferences / setPreferences; a
// kind never chosen shows the role's default) — and the time zone the digest goes out in at 07:00.
// Each change is saved at once. Security e-mail (password links, invitations) is not listed: it always goes.
import { Flash, FormControl, Select } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../../shared/schemas/account.ts';
import {
  NOTIFICATION_CHANNELS,
  type TNotificationChannel,
  type TSetNotificationPreferencesInput,
} from '../../../../shared/schemas/notifications.ts';
import { PageLoading } from '../../../components/PageLoading/PageLoading.tsx';
import { QueryError } from '../../../components/QueryError/index.ts';
import { useToast } from '../../../components/Toast/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { timeZoneOptions } from '../../../lib/time-zones.ts';
import { trpc } from '../../../lib/trpc.ts';
import classes from './Account.module.css';

/** The digest's zone when the user never chose one: the server sends at 07:00 UTC. */
const UTC = '';

export function NotificationsTab() {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const toast = useToast();
  const utils = trpc.useUtils();
  const preferences = trpc.notifications.preferences.useQuery(undefined, { staleTime: 0 });
  const save = trpc.notifications.setPreferences.useMutation();
  const [error, setError] = useState<string | null>(null);

  const change = async (input: TSetNotificationPreferencesInput, message: string) => {
    setError(null);
    try {
      const saved = await save.mutateAsync(input);
      utils.notifications.preferences.setData(undefined, saved);
      toast.show({ message, variant: 'success' });
    } catch (e) {
      setError(t('notifications.failed', { reason: errorText.error(e) }));
    }
  };

  const setChannel = (kind: NotificationKind, channel: TNotificationChannel) =>
    change(
      { channels: { [kind]: channel } },
      t('notifications.changed', {
        kind: t(`notifications.kinds.${kind}.label`),
        channel: t(`notifications.channels.${channel}`),
      }),
    );

  if (preferences.isPending) return <PageLoading />;
  if (preferences.isError || !preferences.data)
    return <QueryError title={t('notifications.loadError')} error={preferences.error} onRetry={preferences.refetch} />;
  const { channels, timeZone } = preferences.data;
  const busy = (kind: NotificationKind) => save.isPending && save.variables?.channels?.[kind] !== undefined;

  return (
    <section className={classes.card} aria-labelledby="account-notifications-title">
      <h2 id="account-notifications-title" className={classes.cardTitle}>
        {t('notifications.title')}
      </h2>
      <p className={classes.muted}>{t('notifications.description')}</p>
      {error && (
        <Flash variant="danger" role="alert">
          {error}
        </Flash>
      )}
      <ul className={classes.toggles}>
        {NOTIFICATION_KINDS.map((kind) => (
          <li key={kind} className={classes.channelRow} data-kind={kind}>
            <div className={classes.toggleText}>
              <span id={`notify-${kind}`} className={classes.toggleLabel}>
                {t(`notifications.kinds.${kind}.label`)}
              </span>
              <span id={`notify-${kind}-hint`} className={classes.muted}>
                {t(`notifications.kinds.${kind}.description`)}
              </span>
            </div>
            <Select
              className={classes.channel}
              aria-labelledby={`notify-${kind}`}
              aria-describedby={`notify-${kind}-hint`}
              value={channels[kind]}
              disabled={busy(kind)}
              onChange={(event) => void setChannel(kind, event.target.value as TNotificationChannel)}
            >
              {NOTIFICATION_CHANNELS.map((channel) => (
                <Select.Option key={channel} value={channel}>
                  {t(`notifications.channels.${channel}`)}
                </Select.Option>
              ))}
            </Select>
          </li>
        ))}
      </ul>
      <FormControl>
        <FormControl.Label>{t('notifications.timeZone')}</FormControl.Label>
        <Select
          value={timeZone ?? UTC}
          onChange={(event) => {
            const zone = event.target.value === UTC ? null : event.target.value;
            void change({ channels: {}, timeZone: zone }, t('notifications.timeZoneChanged', { zone: zone ?? 'UTC' }));
          }}
        >
          <Select.Option value={UTC}>{t('notifications.timeZoneDefault')}</Select.Option>
          {timeZoneOptions(timeZone).map((o) => (
            <Select.Option key={o.value} value={o.value}>
              {o.label}
            </Select.Option>
          ))}
        </Select>
        <FormControl.Caption>{t('notifications.timeZoneHint')}</FormControl.Caption>
      </FormControl>
      <p className={classes.muted}>{t('notifications.security')}</p>
    </section>
  );
}
