// The pieces every role dashboard is made of: cards, figures whose numbers open the list behind them,
// the score figures and their monthly trend, and the loading or failed state of a dashboard's query.
import { Heading } from '@primer/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TReportFigures } from '../../../../shared/schemas/reports.ts';
import { Chart } from '../../../components/charts/index.ts';
import { QueryError } from '../../../components/QueryError/index.ts';
import { useSession } from '../../../lib/session.tsx';
import { openableHref } from '../../../shell/links.ts';
import { useDashboardFormats } from './formats.ts';
import classes from '../Dashboard.module.css';

/**
 * A number that opens its list when that list shows exactly it and the caller may open it
 * (openableHref), else the number as text.
 */
export function Num({ href, label, children }: { href?: string | null; label: string; children: string }) {
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

/** A labelled figure of a card's description list. */
export function Figure({ label, value, href }: { label: string; value: string; href?: string | null }) {
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

/** A dashboard card, named by its heading. */
export function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section className={classes.card} aria-labelledby={id}>
      <Heading as="h2" id={id} className={classes.cardTitle}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className={classes.empty}>{children}</p>;
}

/** Approved tasks (opening `href`), completion, pass rate and average score. */
export function ScoreFigures({ totals, href }: { totals: TReportFigures; href: string }) {
  const { t } = useTranslation('dashboards');
  const f = useDashboardFormats();
  return (
    <dl className={classes.figures}>
      <Figure label={t('figures.approved')} value={f.number(totals.approved)} href={href} />
      <Figure label={t('figures.completion')} value={f.percent(totals.completion)} />
      <Figure label={t('figures.passRate')} value={f.percent(totals.passRate)} />
      <Figure label={t('figures.averageScore')} value={f.decimal(totals.averageScore)} />
    </dl>
  );
}

/** The score figures month by month: average score on the first axis, rates on the second. */
export function Trend({ trend }: { trend: (TReportFigures & { month: string })[] }) {
  const { t } = useTranslation('dashboards');
  const f = useDashboardFormats();
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
      axisFormat={{ second: f.percent }}
      tableLabel={t('showTable')}
      empty={<Empty>{t('trend.empty')}</Empty>}
    />
  );
}

/** A dashboard whose query has not answered: skeleton cards while loading, the error with "Try again". */
export function DashboardState({
  query,
}: {
  query: { isError: boolean; error: { message: string } | null; refetch: () => unknown };
}) {
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
