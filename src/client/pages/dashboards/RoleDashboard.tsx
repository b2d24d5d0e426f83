// The role dashboards (issue 13 item 3; DOMAIN.md "Role dashboards"): one component per dashboard kind,
// each one read (`dashboards.<kind>`). Score figures come from the report rollups (approved tasks
// only); live counts from the tasks. Every number links to the list behind it when that list can show
// exactly it and the caller may open it (openableHref); otherwise it is plain text.
import { Heading } from '@primer/react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TDashboardKind } from '../../../shared/constants/dashboards.ts';
import type { TReportFigures } from '../../../shared/schemas/reports.ts';
import { Chart } from '../../components/charts/index.ts';
import { QueryError } from '../../components/QueryError/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { useRoleName } from '../../lib/roles.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import { openableHref } from '../../shell/links.ts';
import { actionsHref, tasksHref } from './dashboard-links.ts';
import classes from './Dashboard.module.css';

const OPEN = ['scheduled', 'in_progress', 'rejected'];

function useFormats() {
  const { i18n } = useTranslation();
  const base = useFormatters();
  return useMemo(() => {
    const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
    const decimal = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    const month = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'short', timeZone: 'UTC' });
    return {
      ...base,
      percent: (v: number | null | undefined) => (v == null ? '—' : percent.format(v)),
      decimal: (v: number | null | undefined) => (v == null ? '—' : decimal.format(v)),
      month: (v: unknown) =>
        typeof v === 'string' && /^\d{4}-\d{2}$/.test(v)
          ? month.format(new Date(`${v}-01T00:00:00Z`))
          : typeof v === 'string'
            ? v
            : '',
    };
  }, [i18n.language, base]);
}

/** A number that opens its list when the caller may open it, else the number as text. */
function Num({ href, label, children }: { href?: string | null; label: string; children: string }) {
  const { ability, user } = useSession();
  const to = href && user ? openableHref(href, ability, user.role_name) : null;
  const { t } = useTranslation('dashboards');
  if (!to) return <span dir="ltr">{children}</span>;
  return (
    <Link href={to} className={classes.link} aria-label={t('openList', { figure: label, value: children })} dir="ltr">
      {children}
    </Link>
  );
}

function Figure({ label, value, href }: { label: string; value: string; href?: string | null }) {
  return (
    <div className={classes.figure}>
      <dt>{label}</dt>
      <dd>
        <Num href={href} label={label}>
          {value}
        </Num>
      </dd>
    </div>
  );
}

function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className={classes.card} aria-labelledby={id}>
      <Heading as="h2" id={id} className={classes.cardTitle}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className={classes.empty}>{children}</p>;
}

interface Column<R> {
  label: string;
  cell: (row: R) => ReactNode;
}

/** A card's table: a header cell per row (its name) and figure columns; `empty` when there are no rows. */
function FigureTable<R>({
  caption,
  head,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  head: Column<R>;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  empty: string;
}) {
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table}>
        <caption className={classes.srOnly}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head.label}</th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={classes.num}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              <th scope="row">{head.cell(row)}</th>
              {columns.map((c) => (
                <td key={c.label} className={classes.num}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ScoreFigures({ totals, href }: { totals: TReportFigures; href: string }) {
  const { t } = useTranslation('dashboards');
  const f = useFormats();
  return (
    <dl className={classes.figures}>
      <Figure label={t('figures.approved')} value={f.number(totals.approved)} href={href} />
      <Figure label={t('figures.completion')} value={f.percent(totals.completion)} />
      <Figure label={t('figures.passRate')} value={f.percent(totals.passRate)} />
      <Figure label={t('figures.averageScore')} value={f.decimal(totals.averageScore)} />
    </dl>
  );
}

function Trend({ trend }: { trend: (TReportFigures & { month: string })[] }) {
  const { t } = useTranslation('dashboards');
  const f = useFormats();
  return (
    <Chart
      title={t('trend.title')}
      summary={t('trend.summary')}
      data={trend}
      xKey="month"
      xLabel={t('trend.month')}
      formatX={f.month}
      series={[
        { key: 'averageScore', label: t('figures.averageScore'), color: 'primary', kind: 'line', format: f.decimal },
        {
          key: 'passRate',
          label: t('figures.passRate'),
          color: 'success',
          kind: 'line',
          axis: 'second',
          format: f.percent,
        },
        {
          key: 'completion',
          label: t('figures.completion'),
          color: 'attention',
          kind: 'line',
          axis: 'second',
          format: f.percent,
        },
      ]}
      domain={{ first: [0, 100], second: [0, 1] }}
      tableLabel={t('showTable')}
      empty={<Empty>{t('trend.empty')}</Empty>}
    />
  );
}

/* ------------------------------------------------------------------ admin */

function AdminContent() {
  const { t } = useTranslation('dashboards');
  const tw = useTranslation('workflow').t;
  const roleName = useRoleName();
  const f = useFormats();
  const q = trpc.dashboards.admin.useQuery(undefined, { retry: false });
  if (!q.data) return <State query={q} />;
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

/* ------------------------------------------------------------------ floor manager */

function FloorManagerContent() {
  const { t } = useTranslation('dashboards');
  const tw = useTranslation('workflow').t;
  const f = useFormats();
  const { user } = useSession();
  const q = trpc.dashboards.floorManager.useQuery(undefined, { retry: false });
  if (!q.data) return <State query={q} />;
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

/* ------------------------------------------------------------------ team leader */

function TeamLeaderContent() {
  const { t } = useTranslation('dashboards');
  const tw = useTranslation('workflow').t;
  const f = useFormats();
  const q = trpc.dashboards.teamLeader.useQuery(undefined, { retry: false });
  if (!q.data) return <State query={q} />;
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

/* ------------------------------------------------------------------ business user */

function BusinessUserContent() {
  const { t } = useTranslation('dashboards');
  const f = useFormats();
  const q = trpc.dashboards.businessUser.useQuery(undefined, { retry: false });
  if (!q.data) return <State query={q} />;
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
                value={`${f.number(x.approved)} · ${f.decimal(x.averageScore)}`}
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

/* ------------------------------------------------------------------ analyst */

function AnalystContent() {
  const { t } = useTranslation('dashboards');
  const f = useFormats();
  const q = trpc.dashboards.analyst.useQuery(undefined, { retry: false });
  if (!q.data) return <State query={q} />;
  const d = q.data;
  const buckets = d.scoreDistribution.map((b) => ({ ...b, range: `${b.from}–${b.to}` }));
  return (
    <div className={classes.grid}>
      <Card id="dash-queue" title={t('analyst.queue')}>
        <dl className={classes.figures}>
          <Figure
            label={t('analyst.waiting')}
            value={f.number(d.reviewQueue)}
            href={tasksHref({ status: ['submitted'] })}
          />
          <Figure label={t('analyst.oldest')} value={f.dateTime(d.oldestWaiting)} />
        </dl>
        {d.queueByProject.length === 0 ? (
          <Empty>{t('analyst.noQueue')}</Empty>
        ) : (
          <dl className={classes.figures}>
            {d.queueByProject.map((p) => (
              <Figure
                key={p.projectId}
                label={`${p.code} ${p.name}`}
                value={f.number(p.count)}
                href={tasksHref({ projectId: p.projectId, status: ['submitted'] })}
              />
            ))}
          </dl>
        )}
      </Card>
      <Card id="dash-distribution" title={t('analyst.distribution')}>
        <Chart
          title={t('analyst.distribution')}
          summary={t('analyst.distributionSummary')}
          data={buckets.some((b) => b.locations > 0) ? buckets : []}
          xKey="range"
          xLabel={t('analyst.scoreRange')}
          series={[{ key: 'locations', label: t('analyst.locations'), color: 'primary', kind: 'bar' }]}
          tableLabel={t('showTable')}
          empty={<Empty>{t('business.noScores')}</Empty>}
        />
      </Card>
      <Card id="dash-questions" title={t('analyst.weakest')}>
        <FigureTable
          caption={t('analyst.weakest')}
          empty={t('analyst.noFailures')}
          rows={d.weakestQuestions}
          rowKey={(w) => w.questionKey}
          head={{ label: t('analyst.question'), cell: (w) => <bdi>{w.text ?? w.questionKey}</bdi> }}
          columns={[
            { label: t('analyst.failed'), cell: (w) => f.number(w.failed) },
            { label: t('analyst.failRate'), cell: (w) => f.percent(w.failRate) },
          ]}
        />
      </Card>
    </div>
  );
}

/* ------------------------------------------------------------------ frame */

function State({ query }: { query: { isError: boolean; error: { message: string } | null; refetch: () => unknown } }) {
  const { t } = useTranslation('dashboards');
  if (query.isError) {
    return <QueryError title={t('error')} error={query.error} onRetry={query.refetch} />;
  }
  return (
    <div className={classes.grid} aria-busy="true" aria-label={t('loading')} role="status">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={classes.skeleton} />
      ))}
    </div>
  );
}

const CONTENT: Record<TDashboardKind, () => ReactNode> = {
  admin: AdminContent,
  floorManager: FloorManagerContent,
  teamLeader: TeamLeaderContent,
  businessUser: BusinessUserContent,
  analyst: AnalystContent,
};

/** A role dashboard page: its title, lead and content. */
export function RoleDashboard({ kind }: { kind: TDashboardKind }) {
  const { t } = useTranslation('dashboards');
  const Content = CONTENT[kind];
  return (
    <div className={classes.page} data-dashboard={kind}>
      <header>
        <Heading as="h1" className={classes.title}>
          {t(`titles.${kind}`)}
        </Heading>
        <p className={classes.lead}>{t(`leads.${kind}`)}</p>
      </header>
      <Content />
    </div>
  );
}
