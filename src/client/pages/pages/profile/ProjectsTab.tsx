import { CommentIcon } from '@primer/octicons-react';
import { Label, ProgressBar } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { TProfileProjectCard } from '../../../../shared/schemas/pages.ts';
import { useFormatters } from '../../../lib/format.ts';
import { CardHead, Stats, variantOf } from './ProfileCards.tsx';
import { AvatarGroup, Empty } from './profile-parts.tsx';
import classes from './Profile.module.css';

/** The `projects` tab: a card per project with its client, budget, dates, task progress and deadline. */
export function ProjectsTab({ projects }: { projects: TProfileProjectCard[] }) {
  const { t } = useTranslation('pages');
  const fmt = useFormatters();
  if (projects.length === 0) return <Empty text={t('profile.empty.projects')} />;
  return (
    <ul className={classes.cards} data-testid="profile-project-cards">
      {projects.map((p) => {
        const percent = p.totalTask > 0 ? Math.round((p.completedTask / p.totalTask) * 100) : 0;
        return (
          <li key={p.title} className={classes.card}>
            <CardHead avatar={p.avatar} title={p.title}>
              <span className={classes.muted}>
                {t('profile.client')} <bdi>{p.client}</bdi>
              </span>
            </CardHead>
            <Stats
              className={classes.projectFacts}
              items={[
                { label: t('profile.budget'), value: `${p.budgetSpent} / ${p.budget}`, dir: 'ltr' },
                { label: t('profile.start'), value: fmt.day(p.startDate), dir: 'auto' },
                { label: t('profile.deadline'), value: fmt.day(p.deadline), dir: 'auto' },
                { label: t('profile.hours'), value: p.hours, dir: 'ltr' },
              ]}
            />
            <p className={classes.muted} dir="auto">
              {p.description}
            </p>
            <div className={classes.taskLine}>
              <span data-testid="project-tasks">
                {t('profile.tasks', { done: fmt.number(p.completedTask), total: fmt.number(p.totalTask) })}
              </span>
              <span dir="ltr">{fmt.number(percent)} %</span>
            </div>
            <ProgressBar progress={percent} aria-label={t('profile.progressOf', { name: p.title })} />
            <div className={classes.cardFoot}>
              <AvatarGroup people={p.avatarGroup} />
              <Label variant={variantOf(p.chipColor)}>
                {t('profile.daysLeft', { count: p.daysLeft, n: fmt.number(p.daysLeft) })}
              </Label>
              <span className={classes.muted}>
                <CommentIcon size={16} /> {t('profile.comments', { count: p.comments, n: fmt.number(p.comments) })}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
