import { useTranslation } from 'react-i18next';
import type { TProfileTeamCard } from '../../../../shared/schemas/pages.ts';
import { CardHead, Chips } from './ProfileCards.tsx';
import { AvatarGroup, Empty } from './profile-parts.tsx';
import classes from './Profile.module.css';

/** The `teams` tab: a card per team with its description, members and chips. */
export function TeamsTab({ teams }: { teams: TProfileTeamCard[] }) {
  const { t } = useTranslation('pages');
  if (teams.length === 0) return <Empty text={t('profile.empty.teams')} />;
  return (
    <ul className={classes.cards} data-testid="profile-teams-cards">
      {teams.map((team) => (
        <li key={team.title} className={classes.card}>
          <CardHead avatar={team.avatar} title={team.title} />
          <p className={classes.muted} dir="auto">
            {team.description}
          </p>
          <div className={classes.cardFoot}>
            <AvatarGroup people={team.avatarGroup} extra={team.extraMembers} />
            <Chips chips={team.chips} />
          </div>
        </li>
      ))}
    </ul>
  );
}
