// The `notifications` tab: one switch per kind of in-app notification; each change is saved at once
// (account.updateNotificationPreferences), and the notifications domain leaves muted kinds out.
import { Flash, ToggleSwitch } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS, type NotificationKind, type TAccount } from '../../../../shared/schemas/account.ts';
import { useToast } from '../../../components/Toast/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import classes from './Account.module.css';

export function NotificationsTab({ account }: { account: TAccount }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const toast = useToast();
  const utils = trpc.useUtils();
  const save = trpc.account.updateNotificationPreferences.useMutation();
  const [error, setError] = useState<string | null>(null);
  const muted = new Set(account.mutedNotifications);

  const toggle = async (kind: NotificationKind, receive: boolean) => {
    setError(null);
    const next = NOTIFICATION_KINDS.filter((k) => (k === kind ? !receive : muted.has(k)));
    try {
      const saved = await save.mutateAsync({ muted: next });
      utils.account.get.setData(undefined, saved);
      toast.show({
        message: t(receive ? 'notifications.unmuted' : 'notifications.muted', {
          kind: t(`notifications.kinds.${kind}.label`),
        }),
        variant: 'success',
      });
    } catch (e) {
      setError(t('notifications.failed', { reason: errorText.error(e) }));
    }
  };

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
          <li key={kind} className={classes.toggle}>
            <div className={classes.toggleText}>
              <span id={`notify-${kind}`} className={classes.toggleLabel}>
                {t(`notifications.kinds.${kind}.label`)}
              </span>
              <span id={`notify-${kind}-hint`} className={classes.muted}>
                {t(`notifications.kinds.${kind}.description`)}
              </span>
            </div>
            <ToggleSwitch
              aria-labelledby={`notify-${kind}`}
              aria-describedby={`notify-${kind}-hint`}
              size="small"
              checked={!muted.has(kind)}
              loading={save.isPending && save.variables?.muted.includes(kind) !== muted.has(kind)}
              onChange={(on) => void toggle(kind, on)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
