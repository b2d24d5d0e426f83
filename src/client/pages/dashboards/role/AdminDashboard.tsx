// The admin dashboard: seats against the licence, completion and scores, users by role, projects by
// status, and the monthly trend.
import { useTranslation } from 'react-i18next';
import { useRoleName } from '../../../lib/roles.ts';
import { trpc } from '../../../lib/trpc.ts';
import { tasksHref } from '../dashboard-links.ts';
import { useDashboardFormats } from './formats.ts';
import { Card, DashboardState, Empty, Figure, ScoreFigures, Trend } from './parts.tsx';
import classes from '../Dashboard.module.css';

export function AdminDashboard() {
  const { t } = useTranslation('dashboards');
  const tw = useTranslation('workflow').t;
  const roleName = useRoleName();
  const f = useDashboardFormats();
  const q = trpc.dashboards.admin.useQuery(undefined, { retry: false });
  if (!q.data) return <DashboardState query={q} />;
  const d = q.data;
  return (
    <div className={classes.grid}>
      <Card id="dash-seats" title={t('admin.seats')}>
        <dl className={classes.figures}>
          <Figure label={t('admin.seatsUsed')} value={f.number(d.seats.used)} href="/management/users?status=active" />
          <Figure
            label={t('admin.seatsTotal')}
            value={d.seats.total === null ? '—' : f.number(d.seats.total)}
            href={d.seats.licenseId ? '/business/licenses' : null}
          />
        </dl>
        {d.seats.total === null && <p className={classes.muted}>{t('admin.noLicense')}</p>}
      </Card>
      <Card id="dash-completion" title={t('admin.completion')}>
        <ScoreFigures totals={d.totals} href={tasksHref({ status: ['approved'] })} />
      </Card>
      <Card id="dash-users" title={t('admin.usersByRole')}>
        {d.usersByRole.length === 0 ? (
          <Empty>{t('admin.noUsers')}</Empty>
        ) : (
          <dl className={classes.figures}>
            {d.usersByRole.map((r) => (
              <Figure
                key={r.role}
                label={roleName(r.role)}
                value={f.number(r.count)}
                href={`/management/users?role=${r.role}`}
              />
            ))}
          </dl>
        )}
      </Card>
      <Card id="dash-projects" title={t('admin.projectsByStatus')}>
        <dl className={classes.figures}>
          {d.projectsByStatus.map((r) => (
            <Figure
              key={r.status}
              label={tw(`projectStatus.${r.status}`)}
              value={f.number(r.count)}
              href={`/projects?status=${r.status}`}
            />
          ))}
        </dl>
      </Card>
      <Card id="dash-trend" title={t('trend.card')}>
        <Trend trend={d.trend} />
      </Card>
    </div>
  );
}
