import { Label } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { TAccountProfile } from '../../../../shared/schemas/account.ts';
import { useFormatters } from '../../../lib/format.ts';
import { CardHead, useTeamPlace } from './ProfileCards.tsx';
import { Empty } from './profile-parts.tsx';
import classes from './Profile.module.css';

/** The `teams` tab: a card per team of the signed-in user (account.profile) with its description, size and their place in it. */
export function TeamsTab({ teams }: { teams: TAccountProfile['teams'] }) {
  const { t } = useTranslation('pages');
  const fmt = useFormatters();
  const place = useTeamPlace();
  if (teams.length === 0) return <Empty text={t('profile.noTeams')} />;
  return (
    <ul className={classes.cards} data-testid="profile-teams-cards">
      {teams.map((team) => (
        <li key={team.id} className={classes.card}>
          <CardHead title={team.name}>
            <span className={classes.muted}>
              {t('profile.memberCount', { count: team.members, n: fmt.number(team.members) })}
            </span>
          </CardHead>
          {team.description && (
            <p className={classes.muted} dir="auto">
              {team.description}
            </p>
          )}
          <div className={classes.cardFoot}>
            <span data-testid="team-place">
              {t('profile.yourPlace')}{' '}
              <Label variant={team.role === 'member' ? 'secondary' : 'accent'}>{place(team.role)}</Label>
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
