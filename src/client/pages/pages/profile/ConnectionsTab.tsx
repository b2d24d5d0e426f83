import { PersonAddIcon, PersonIcon } from '@primer/octicons-react';
import { Button, Label } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TProfileConnectionCard } from '../../../../shared/schemas/pages.ts';
import { useToast } from '../../../components/Toast/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import { Chips, Stats } from './ProfileCards.tsx';
import { Empty } from './profile-parts.tsx';
import classes from './Profile.module.css';

/**
 * The `connections` tab: a card per person; Connect / Disconnect is the caller's own answer
 * (apps.pages.setProfileConnection, kept per user on the server), said in a toast.
 */
export function ConnectionsTab({ connections }: { connections: TProfileConnectionCard[] }) {
  const { t } = useTranslation('pages');
  const errorText = useErrorText();
  const toast = useToast();
  const utils = trpc.useUtils();
  const set = trpc.apps.pages.setProfileConnection.useMutation();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const toggle = async (card: TProfileConnectionCard) => {
    setError(null);
    setPending(card.name);
    try {
      const saved = await set.mutateAsync({ name: card.name, connected: !card.isConnected });
      utils.apps.pages.profile.setData({ tab: 'connections' }, (old) =>
        Array.isArray(old) ? (old as TProfileConnectionCard[]).map((c) => (c.name === saved.name ? saved : c)) : old,
      );
      toast.show({
        message: t(saved.isConnected ? 'profile.connectedTo' : 'profile.disconnectedFrom', { name: saved.name }),
        variant: 'success',
      });
    } catch (e) {
      setError(errorText.error(e));
    } finally {
      setPending(null);
    }
  };

  if (connections.length === 0) return <Empty text={t('profile.empty.connections')} />;
  return (
    <>
      {error && (
        <div className={classes.error} role="alert">
          {t('profile.connectFailed', { reason: error })}
        </div>
      )}
      <ul className={classes.cards} data-testid="profile-connection-cards">
        {connections.map((c) => (
          <li key={c.name} className={`${classes.card} ${classes.personCard}`}>
            <img className={classes.cardAvatarLarge} src={c.avatar} alt="" aria-hidden="true" />
            <h2 className={classes.cardTitle} dir="auto">
              {c.name}
            </h2>
            <span className={classes.muted} dir="auto">
              {c.designation}
            </span>
            <Chips chips={c.chips} />
            <Stats
              className={classes.personStats}
              items={[
                { label: t('profile.stat.projects'), value: c.projects, dir: 'ltr' },
                { label: t('profile.stat.tasks'), value: c.tasks, dir: 'ltr' },
                { label: t('profile.stat.connections'), value: c.connections, dir: 'ltr' },
              ]}
            />
            <Label variant={c.isConnected ? 'success' : 'secondary'} data-testid="connection-state">
              {c.isConnected ? t('profile.connected') : t('profile.notConnected')}
            </Label>
            <Button
              variant={c.isConnected ? 'default' : 'primary'}
              leadingVisual={c.isConnected ? PersonIcon : PersonAddIcon}
              loading={pending === c.name}
              aria-label={t(c.isConnected ? 'profile.disconnectFrom' : 'profile.connectTo', { name: c.name })}
              onClick={() => void toggle(c)}
            >
              {c.isConnected ? t('profile.disconnect') : t('profile.connect')}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
