// The team leader's dashboard: this week's tasks by status, reviews waiting, and the team's scores.
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../lib/trpc.ts';
import { tasksHref } from '../dashboard-links.ts';
import { useDashboardFormats } from './formats.ts';
import { Card, DashboardState, Figure, ScoreFigures, Trend } from './parts.tsx';
import classes from '../Dashboard.module.css';

export function TeamLeaderDashboard() {
  const { t } = useTranslation('dashboards');
  const tw = useTranslation('workflow').t;
  const f = useDashboardFormats();
  const q = trpc.dashboards.teamLeader.useQuery(undefined, { retry: false });
  if (!q.data) return <DashboardState query={q} />;
  const d = q.data;
  const team = d.teamId;
  return (
    <div className={classes.grid}>
      <Card id="dash-week" title={t('leader.week')}>
        {d.teams.length > 0 && <p className={classes.muted}>{d.teams.map((x) => x.name).join(' · ')}</p>}
        <dl className={classes.figures}>
          <Figure
            label={t('leader.weekTotal')}
            value={f.number(d.weekTotal)}
            href={tasksHref({ teamId: team, period: d.week })}
          />
          <Figure
            label={t('leader.reviewsWaiting')}
            value={f.number(d.reviewsWaiting)}
            href={tasksHref({ teamId: team, status: ['submitted'] })}
          />
          {(['scheduled', 'in_progress', 'submitted', 'approved', 'rejected', 'missed'] as const).map((s) => (
            <Figure
              key={s}
              label={tw(`taskStatus.${s}`)}
              value={f.number(d.weekByStatus[s])}
              href={tasksHref({ teamId: team, status: [s], period: d.week })}
            />
          ))}
        </dl>
      </Card>
      <Card id="dash-scores" title={t('leader.scores')}>
        <ScoreFigures totals={d.totals} href={tasksHref({ teamId: team, status: ['approved'] })} />
        <Trend trend={d.trend} />
      </Card>
    </div>
  );
}
