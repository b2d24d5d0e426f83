// The business user's dashboard: scores per project, per direction and per location.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Chart } from '../../../components/charts/index.ts';
import { trpc } from '../../../lib/trpc.ts';
import { tasksHref } from '../dashboard-links.ts';
import { FigureTable } from './FigureTable.tsx';
import { useDashboardFormats } from './formats.ts';
import { Card, DashboardState, Empty, Figure, Num } from './parts.tsx';
import classes from '../Dashboard.module.css';

export function BusinessUserDashboard() {
  const { t } = useTranslation('dashboards');
  const f = useDashboardFormats();
  const q = trpc.dashboards.businessUser.useQuery(undefined, { retry: false });
  if (!q.data) return <DashboardState query={q} />;
  const d = q.data;
  return (
    <div className={classes.grid}>
      <Card id="dash-projects" title={t('business.projects')}>
        <FigureTable
          caption={t('business.projects')}
          empty={t('business.noProjects')}
          rows={d.projects}
          rowKey={(p) => p.projectId}
          head={{
            label: t('business.project'),
            cell: (p) => (
              <>
                <Link href={`/projects/${p.projectId}`} className={classes.link}>
                  <bdi>{p.code}</bdi>
                </Link>{' '}
                <bdi>{p.name}</bdi>
              </>
            ),
          }}
          columns={[
            { label: t('figures.planned'), cell: (p) => f.number(p.planned) },
            {
              label: t('figures.approved'),
              cell: (p) => (
                <Num
                  href={tasksHref({ projectId: p.projectId, status: ['approved'] })}
                  label={`${p.code} · ${t('figures.approved')}`}
                >
                  {f.number(p.approved)}
                </Num>
              ),
            },
            { label: t('figures.completion'), cell: (p) => f.percent(p.completion) },
            { label: t('figures.averageScore'), cell: (p) => f.decimal(p.averageScore) },
          ]}
        />
      </Card>
      <Card id="dash-directions" title={t('business.directions')}>
        <Chart
          title={t('business.directions')}
          titleShown={false}
          summary={t('business.directionsSummary')}
          data={d.directions}
          xKey="name"
          xLabel={t('business.direction')}
          series={[
            { key: 'averageScore', label: t('figures.averageScore'), color: 'primary', kind: 'bar', format: f.decimal },
          ]}
          domain={{ first: [0, 100] }}
          tableLabel={t('showTable')}
          empty={<Empty>{t('business.noScores')}</Empty>}
        />
        {d.directions.length > 0 && (
          <dl className={classes.figures}>
            {d.directions.map((x) => (
              <Figure
                key={x.directionId}
                label={x.name}
                value={t('business.directionFigure', {
                  approved: f.number(x.approved),
                  score: f.decimal(x.averageScore),
                })}
                href={tasksHref({ directionId: x.directionId, status: ['approved'] })}
              />
            ))}
          </dl>
        )}
      </Card>
      <Card id="dash-locations" title={t('business.locations')}>
        <FigureTable
          caption={t('business.locations')}
          empty={t('business.noScores')}
          rows={d.locations}
          rowKey={(l) => l.locationId}
          head={{
            label: t('business.location'),
            cell: (l) => (
              <>
                <bdi>{l.code}</bdi> <bdi>{l.name}</bdi>
              </>
            ),
          }}
          columns={[
            {
              label: t('figures.approved'),
              cell: (l) => (
                <Num
                  href={tasksHref({ locationId: l.locationId, status: ['approved'] })}
                  label={`${l.code} · ${t('figures.approved')}`}
                >
                  {f.number(l.approved)}
                </Num>
              ),
            },
            { label: t('figures.averageScore'), cell: (l) => f.decimal(l.averageScore) },
            { label: t('figures.passRate'), cell: (l) => f.percent(l.passRate) },
          ]}
        />
      </Card>
    </div>
  );
}
