// The floor manager's dashboard: today's tasks per team, open and overdue corrective actions, and each
// inspector's workload.
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/charts/index.ts';
import { useSession } from '../../../lib/session.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { actionsHref, tasksHref } from '../dashboard-links.ts';
import { FigureTable } from './FigureTable.tsx';
import { useDashboardFormats } from './formats.ts';
import { Card, DashboardState, Empty, Figure, Num } from './parts.tsx';
import classes from '../Dashboard.module.css';

/** The task statuses that count as open work. */
const OPEN = ['scheduled', 'in_progress', 'rejected'];

export function FloorManagerDashboard() {
  const { t } = useTranslation('dashboards');
  const tw = useTranslation('workflow').t;
  const f = useDashboardFormats();
  const { user } = useSession();
  const q = trpc.dashboards.floorManager.useQuery(undefined, { retry: false });
  if (!q.data) return <DashboardState query={q} />;
  const d = q.data;
  // A floor manager of several teams: lists cannot show "their teams" at once, so only per-team numbers link.
  const wide = d.teamId !== null || user?.role_name !== 'floormanager';
  const team = d.teamId;
  return (
    <div className={classes.grid}>
      <Card id="dash-today" title={t('floor.today')}>
        <dl className={classes.figures}>
          <Figure
            label={t('floor.todayTotal')}
            value={f.number(d.todayTotal)}
            href={wide ? tasksHref({ teamId: team, period: d.today }) : null}
          />
          <Figure
            label={t('floor.missed')}
            value={f.number(d.missed)}
            href={wide ? tasksHref({ status: ['missed'], teamId: team }) : null}
          />
          <Figure label={t('floor.overdue')} value={f.number(d.overdue)} />
        </dl>
        <FigureTable
          caption={t('floor.perTeam')}
          empty={t('floor.noTeams')}
          rows={d.todayByTeam}
          rowKey={(row) => row.teamId}
          head={{ label: t('floor.team'), cell: (row) => <bdi>{row.teamName}</bdi> }}
          columns={[
            {
              label: t('floor.slots'),
              cell: (row) => (
                <Num
                  href={tasksHref({ teamId: row.teamId, period: d.today })}
                  label={`${row.teamName} · ${t('floor.slots')}`}
                >
                  {f.number(row.total)}
                </Num>
              ),
            },
            ...(['scheduled', 'in_progress', 'submitted', 'approved'] as const).map((s) => ({
              label: tw(`taskStatus.${s}`),
              cell: (row: (typeof d.todayByTeam)[number]) => (
                <Num
                  href={tasksHref({ teamId: row.teamId, status: [s], period: d.today })}
                  label={`${row.teamName} · ${tw(`taskStatus.${s}`)}`}
                >
                  {f.number(row.byStatus[s])}
                </Num>
              ),
            })),
          ]}
        />
      </Card>
      <Card id="dash-actions" title={t('floor.actions')}>
        <dl className={classes.figures}>
          <Figure
            label={t('floor.openActions')}
            value={f.number(d.actions.open)}
            href={wide ? actionsHref({ teamId: team, status: 'open' }) : null}
          />
          <Figure
            label={t('floor.overdueActions')}
            value={f.number(d.actions.overdue)}
            href={wide ? actionsHref({ teamId: team, overdue: true }) : null}
          />
        </dl>
      </Card>
      <Card id="dash-workload" title={t('floor.workload')}>
        {d.workload.length === 0 ? (
          <Empty>{t('floor.noWorkload')}</Empty>
        ) : (
          <>
            <Chart
              title={t('floor.workload')}
              titleShown={false}
              summary={t('floor.workloadSummary')}
              data={d.workload}
              xKey="name"
              xLabel={t('floor.inspector')}
              series={[
                { key: 'open', label: t('floor.open'), color: 'primary', kind: 'bar' },
                { key: 'overdue', label: t('floor.overdue'), color: 'danger', kind: 'bar' },
              ]}
              tableLabel={t('showTable')}
            />
            <FigureTable
              caption={t('floor.workload')}
              empty={t('floor.noWorkload')}
              rows={d.workload}
              rowKey={(w) => w.assigneeId}
              head={{ label: t('floor.inspector'), cell: (w) => <bdi>{w.name}</bdi> }}
              columns={[
                {
                  label: t('floor.open'),
                  cell: (w) => (
                    <Num
                      href={wide ? tasksHref({ assigneeId: w.assigneeId, teamId: team, status: OPEN }) : null}
                      label={`${w.name} · ${t('floor.open')}`}
                    >
                      {f.number(w.open)}
                    </Num>
                  ),
                },
                { label: t('floor.todayShort'), cell: (w) => f.number(w.today) },
                { label: t('floor.overdue'), cell: (w) => f.number(w.overdue) },
              ]}
            />
          </>
        )}
      </Card>
    </div>
  );
}
