import { ProgressBar } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { TAccountProfile } from '../../../../shared/schemas/account.ts';
import { Ltr } from '../../../components/Bidi/Bidi.tsx';
import { ProjectStatusLabel } from '../../../components/WorkflowStatus/WorkflowStatus.tsx';
import { useFormatters } from '../../../lib/format.ts';
import { CardHead, Stats, useNameList } from './ProfileCards.tsx';
import { Empty } from './profile-parts.tsx';
import classes from './Profile.module.css';

/**
 * The `projects` tab: a card per project the signed-in user takes part in (account.profile): its code and
 * status, period, owner and teams, and its tasks approved of those not cancelled.
 */
export function ProjectsTab({ projects }: { projects: TAccountProfile['projects'] }) {
  const { t } = useTranslation('pages');
  const fmt = useFormatters();
  const names = useNameList();
  if (projects.length === 0) return <Empty text={t('profile.noProjects')} />;
  return (
    <ul className={classes.cards} data-testid="profile-project-cards">
      {projects.map((p) => (
        <li key={p.id} className={classes.card} data-project={p.code}>
          <CardHead title={p.name}>
            <span className={classes.muted}>
              <Ltr>{p.code}</Ltr> <ProjectStatusLabel status={p.status} />
            </span>
          </CardHead>
          <Stats
            className={classes.projectFacts}
            items={[
              { label: t('profile.start'), value: fmt.day(p.startDate), dir: 'auto' },
              { label: t('profile.end'), value: fmt.day(p.endDate), dir: 'auto' },
              { label: t('profile.col.leader'), value: p.owner ? <bdi>{p.owner}</bdi> : '—', dir: 'auto' },
              { label: t('profile.col.team'), value: names(p.teams), dir: 'auto' },
            ]}
          />
          <div className={classes.taskLine}>
            <span data-testid="project-tasks">
              {t('profile.tasks', { done: fmt.number(p.approved), total: fmt.number(p.tasks) })}
            </span>
            <span dir="ltr">{p.completion == null ? '—' : `${fmt.number(p.completion)} %`}</span>
          </div>
          <ProgressBar progress={p.completion ?? 0} aria-label={t('profile.progressOf', { name: p.name })} />
        </li>
      ))}
    </ul>
  );
}
