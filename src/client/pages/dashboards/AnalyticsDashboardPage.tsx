// /dashboards/analytics: the shop's sales over a window of weeks (apps.ecommerce.sales: every
// figure summed in SQL from the orders' per-day rollups), and the analytics projects table searched,
// sorted and paged by the server (apps.analytics.projects.list, as GET /api/dashboard/analytics/projects).
// Charts use the shared Chart wrapper (a data table under each, theme colours, mirrored in RTL).
import { SortAscIcon, SortDescIcon } from '@primer/octicons-react';
import { Button, Heading, ProgressBar, Select, Spinner, Text } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TAnalyticsProjectSortKey } from '../../../shared/schemas/analytics.ts';
import type { TShopSales } from '../../../shared/schemas/ecommerce.ts';
import { Chart } from '../../components/charts/index.ts';
// Types only: the shared schemas' values would bring zod into the route (the server validates).
import { QueryError } from '../../components/QueryError/index.ts';
import { StatCards } from '../../components/StatCards/index.ts';
import { moneyFormatter, useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import own from './Analytics.module.css';
import classes from './Dashboards.module.css';

const PAGE_SIZE = 5;
/** The periods offered (SHOP_SALES_WEEKS of the shared schema; the server takes 1 to 52). */
const PERIODS = [4, 12, 26, 52] as const;

/** Dollars, percentages, week and weekday names in the page's language. */
function useFormats() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const lng = i18n.language;
    const change = new Intl.NumberFormat(lng, {
      style: 'percent',
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    });
    const share = new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 });
    const day = new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const weekday = new Intl.DateTimeFormat(lng, { weekday: 'long', timeZone: 'UTC' });
    return {
      money: moneyFormatter(lng),
      change: (now: number, before: number) => (before === 0 ? null : change.format((now - before) / before)),
      share: (n: number) => share.format(n),
      week: (iso: unknown) => day.format(new Date(`${String(iso)}T00:00:00Z`)),
      date: (iso: string) => day.format(new Date(`${iso}T00:00:00Z`)),
      // 2024-01-01 was a Monday: ISO weekday n is January n.
      weekday: (n: unknown) => weekday.format(new Date(Date.UTC(2024, 0, Number(n)))),
    };
  }, [i18n.language]);
}

export default function AnalyticsDashboardPage() {
  const { t } = useTranslation('analytics');
  const [weeks, setWeeks] = useState<number>(12);
  const windowId = useId();
  const sales = trpc.apps.ecommerce.sales.useQuery({ weeks }, { placeholderData: keepPreviousData });

  return (
    <div className={classes.page}>
      <header className={own.toolbar}>
        <div>
          <Heading as="h1" className={classes.title}>
            {t('title')}
          </Heading>
          <p className={own.lead}>{t('lead')}</p>
        </div>
        <div className={own.field}>
          <label className={own.fieldLabel} htmlFor={windowId}>
            {t('window')}
          </label>
          <Select id={windowId} value={String(weeks)} onChange={(e) => setWeeks(Number(e.target.value))}>
            {PERIODS.map((n) => (
              <Select.Option key={n} value={String(n)}>
                {t('lastWeeks', { count: n })}
              </Select.Option>
            ))}
          </Select>
        </div>
      </header>
      {sales.isError ? (
        <QueryError title={t('salesFailed')} error={sales.error} onRetry={sales.refetch} />
      ) : !sales.data ? (
        <div className={classes.skeletons} aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={classes.skeleton} />
          ))}
        </div>
      ) : sales.data.current.orders === 0 ? (
        <section className={`${classes.card} ${own.empty}`} aria-labelledby="an-empty">
          <Heading as="h2" id="an-empty" className={classes.h2}>
            {sales.data.from ? t('emptyWindow', { count: weeks }) : t('emptyShop')}
          </Heading>
          <p className={classes.muted}>{t('emptyHint')}</p>
          <Link href="/apps/ecommerce/order/list">{t('openOrders')}</Link>
        </section>
      ) : (
        <SalesFigures s={sales.data} />
      )}
      <ProjectsTable />
    </div>
  );
}

function SalesFigures({ s }: { s: TShopSales }) {
  const { t } = useTranslation('analytics');
  const fmt = useFormatters();
  const f = useFormats();
  const vsBefore = (now: number, before: number) => {
    const change = f.change(now, before);
    return change ? t('vsBefore', { change, count: s.weeks }) : t('noBefore', { count: s.weeks });
  };
  const paid = s.byPayment.find((p) => p.payment === 1)?.orders ?? 0;
  const money = (v: number | null) => f.money(v);
  const count = (v: number | null) => fmt.number(v);
  return (
    <>
      <p className={classes.muted} data-figure="window">
        {t('windowRange', { from: f.date(s.from!), to: f.date(s.to!) })}
      </p>
      <StatCards
        label={t('figures')}
        stats={[
          {
            label: t('revenue'),
            value: <span data-figure="revenue">{f.money(s.current.revenue)}</span>,
            note: vsBefore(s.current.revenue, s.previous.revenue),
          },
          {
            label: t('orders'),
            value: <span data-figure="orders">{fmt.number(s.current.orders)}</span>,
            note: vsBefore(s.current.orders, s.previous.orders),
          },
          {
            label: t('averageOrder'),
            value: <span data-figure="averageOrder">{f.money(s.current.averageOrder)}</span>,
            note: vsBefore(s.current.averageOrder, s.previous.averageOrder),
          },
          {
            label: t('paidShare'),
            value: <span data-figure="paidShare">{f.share(paid / s.current.orders)}</span>,
            note: t('paidOf', { paid: fmt.number(paid), total: fmt.number(s.current.orders) }),
          },
        ]}
      />
      <section className={classes.card}>
        <Chart
          title={t('byWeek')}
          summary={t('byWeekSummary', { count: s.weeks })}
          data={s.byWeek}
          xKey="week"
          xLabel={t('week')}
          formatX={f.week}
          series={[
            { key: 'revenue', label: t('revenue'), color: 'primary', kind: 'bar', format: money },
            { key: 'orders', label: t('orders'), color: 'success', axis: 'second', format: count },
          ]}
          tableLabel={t('showTable')}
          empty={t('emptyChart')}
        />
      </section>
      <div className={classes.grid}>
        <section className={classes.card}>
          <Chart
            title={t('byWeekday')}
            summary={t('byWeekdaySummary')}
            data={s.byWeekday}
            xKey="weekday"
            xLabel={t('weekday')}
            formatX={f.weekday}
            series={[
              { key: 'orders', label: t('orders'), color: 'attention', kind: 'bar', format: count },
              { key: 'averageOrder', label: t('averageOrder'), color: 'primary', axis: 'second', format: money },
            ]}
            tableLabel={t('showTable')}
            empty={t('emptyChart')}
          />
        </section>
        <section className={classes.card}>
          <Chart
            title={t('byMethod')}
            summary={t('byMethodSummary')}
            data={s.byMethod}
            xKey="method"
            xLabel={t('method')}
            formatX={(v) => t(`methods.${String(v)}`)}
            series={[
              { key: 'revenue', label: t('revenue'), color: 'primary', kind: 'bar', format: money },
              { key: 'orders', label: t('orders'), color: 'success', kind: 'bar', axis: 'second', format: count },
            ]}
            tableLabel={t('showTable')}
            empty={t('emptyChart')}
          />
        </section>
        <section className={classes.card}>
          <Chart
            title={t('byPayment')}
            summary={t('byPaymentSummary')}
            data={s.byPayment}
            xKey="payment"
            xLabel={t('payment')}
            formatX={(v) => t(`payments.${String(v)}`)}
            series={[
              { key: 'orders', label: t('orders'), color: 'success', kind: 'bar', format: count },
              { key: 'revenue', label: t('revenue'), color: 'primary', axis: 'second', format: money },
            ]}
            tableLabel={t('showTable')}
            empty={t('emptyChart')}
          />
        </section>
      </div>
    </>
  );
}

/** The analytics projects: search, sort and paging are the server's (apps.analytics.projects.list). */
function ProjectsTable() {
  const { t } = useTranslation('analytics');
  const fmt = useFormatters();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [sortBy, setSortBy] = useState<TAnalyticsProjectSortKey>('project');
  const [orderBy, setOrderBy] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  // The search runs once typing pauses; what is typed stays in the box.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  const list = trpc.apps.analytics.projects.list.useQuery(
    { q: q || undefined, sortBy, orderBy, page, itemsPerPage: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const sort = (key: TAnalyticsProjectSortKey) => {
    if (key === sortBy) setOrderBy(orderBy === 'asc' ? 'desc' : 'asc');
    else {
      setSortBy(key);
      setOrderBy('asc');
    }
    setPage(1);
  };
  const sortHeader = (key: TAnalyticsProjectSortKey) => (
    <th key={key} scope="col" aria-sort={key === sortBy ? (orderBy === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className={own.sortButton} onClick={() => sort(key)}>
        {t(`col.${key}`)}
        {key === sortBy &&
          (orderBy === 'asc' ? <SortAscIcon aria-hidden="true" /> : <SortDescIcon aria-hidden="true" />)}
      </button>
    </th>
  );
  return (
    <section className={classes.card} aria-labelledby="an-projects">
      <div className={own.cardHead}>
        <Heading as="h2" id="an-projects" className={classes.h2}>
          {t('projects')}
        </Heading>
        <label className={own.field}>
          <span className={own.fieldLabel}>{t('search')}</span>
          <input
            className={own.control}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('searchPlaceholder')}
          />
        </label>
      </div>
      {list.isError && <QueryError title={t('projectsFailed')} error={list.error} onRetry={list.refetch} />}
      {list.isLoading && <Spinner srText={t('loading')} />}
      {list.data && list.data.items.length === 0 && (
        <p className={classes.muted} role="status">
          {q ? t('noMatch', { q }) : t('noProjects')}
        </p>
      )}
      {list.data && list.data.items.length > 0 && (
        <div className={classes.scroll} tabIndex={0} role="region" aria-labelledby="an-projects an-pages">
          <table className={classes.table} aria-describedby="an-pages" data-testid="projects">
            <thead>
              <tr>
                {sortHeader('project')}
                {sortHeader('leader')}
                <th scope="col">{t('col.team')}</th>
                {sortHeader('progress')}
                <th scope="col">{t('col.hours')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((p) => (
                <tr key={p.id} data-project={p.id}>
                  <th scope="row">
                    <span className={own.project}>
                      <img className={own.logo} src={p.logo} alt="" loading="lazy" />
                      <span>
                        {p.name}
                        <span className={own.kind}>{p.project}</span>
                      </span>
                    </span>
                  </th>
                  <td>{p.leader}</td>
                  <td>
                    <span
                      className={own.team}
                      aria-label={t('members', { count: p.team.length + p.extraMembers })}
                      role="img"
                    >
                      {p.team.map((avatar, i) => (
                        <img key={i} src={avatar} alt="" loading="lazy" />
                      ))}
                      {p.extraMembers > 0 && <span className={own.extra}>+{fmt.number(p.extraMembers)}</span>}
                    </span>
                  </td>
                  <td>
                    <span className={own.progress}>
                      <ProgressBar progress={p.progress} aria-label={t('progressOf', { name: p.name })} />
                      <span dir="ltr">{fmt.number(p.progress)} %</span>
                    </span>
                  </td>
                  <td dir="ltr" className={classes.number}>
                    {p.hours}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={own.pager}>
        <Text id="an-pages" className={classes.muted} aria-live="polite">
          {t('pageOf', { page: fmt.number(page), pages: fmt.number(pages), total: fmt.number(total) })}
        </Text>
        <span className={own.pagerButtons}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </Button>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('next')}
          </Button>
        </span>
      </div>
    </section>
  );
}
