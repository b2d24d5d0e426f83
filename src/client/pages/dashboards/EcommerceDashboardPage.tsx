import { Heading } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/charts/index.ts';
import { QueryError } from '../../components/QueryError/index.ts';
import { StatCards } from '../../components/StatCards/index.ts';
import { useFormatters, useMoney, useScoreFormats } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import classes from './Dashboards.module.css';

/** /dashboards/ecommerce: revenue, orders, customers and top products of the caller's shop, summed in SQL. */
export default function EcommerceDashboardPage() {
  const { t } = useTranslation('shop');
  const fmt = useFormatters();
  const money = useMoney();
  // The API's months are `YYYY-MM`: shown as "Dec 2025", "déc. 2025", "Dez. 2025", "ديسمبر ٢٠٢٥".
  const { month } = useScoreFormats();
  const dash = trpc.apps.ecommerce.dashboard.useQuery();
  const d = dash.data;

  return (
    <div className={classes.page}>
      <Heading as="h1" className={classes.title}>
        {t('dashboard.title')}
      </Heading>
      {dash.isError ? (
        <QueryError title={t('dashboard.failed')} error={dash.error} onRetry={dash.refetch} />
      ) : !d ? (
        <div className={classes.skeletons} aria-busy="true" aria-label={t('dashboard.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={classes.skeleton} />
          ))}
        </div>
      ) : (
        <>
          <StatCards
            label={t('dashboard.figures')}
            stats={[
              { label: t('dashboard.revenue'), value: <span data-figure="revenue">{money(d.revenue)}</span> },
              { label: t('dashboard.orders'), value: <span data-figure="orders">{fmt.number(d.orders)}</span> },
              {
                label: t('dashboard.averageOrder'),
                value: <span data-figure="averageOrder">{money(d.averageOrder)}</span>,
              },
              {
                label: t('dashboard.customers'),
                value: <span data-figure="customers">{fmt.number(d.customers)}</span>,
              },
            ]}
          />
          <div className={classes.grid}>
            <section className={classes.card}>
              <Chart
                title={t('dashboard.byMonth')}
                summary={t('dashboard.byMonthSummary')}
                data={d.byMonth}
                xKey="month"
                xLabel={t('dashboard.month')}
                formatX={month}
                series={[
                  {
                    key: 'revenue',
                    label: t('dashboard.revenue'),
                    color: 'primary',
                    kind: 'bar',
                    format: (v) => (v == null ? '—' : money(v)),
                  },
                  {
                    key: 'orders',
                    label: t('dashboard.orders'),
                    color: 'success',
                    axis: 'second',
                    format: (v) => fmt.number(v),
                  },
                ]}
                tableLabel={t('dashboard.table')}
                empty={t('dashboard.empty')}
              />
            </section>
            <section className={classes.card}>
              <Chart
                title={t('dashboard.byStatus')}
                summary={t('dashboard.byStatusSummary')}
                data={d.byStatus}
                xKey="status"
                xLabel={t('fields.status')}
                formatX={(v) => t(`status.${String(v)}`)}
                series={[
                  {
                    key: 'orders',
                    label: t('dashboard.orders'),
                    color: 'attention',
                    kind: 'bar',
                    format: (v) => fmt.number(v),
                  },
                ]}
                tableLabel={t('dashboard.table')}
                empty={t('dashboard.empty')}
              />
            </section>
          </div>
          <section className={classes.card} aria-labelledby="top-products">
            <Heading as="h2" id="top-products" className={classes.h2}>
              {t('dashboard.topProducts')}
            </Heading>
            {d.topProducts.length === 0 ? (
              <p className={classes.muted}>{t('dashboard.empty')}</p>
            ) : (
              <div className={classes.scroll} tabIndex={0} role="region" aria-labelledby="top-products">
                <table className={classes.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('dashboard.product')}</th>
                      <th scope="col">{t('dashboard.category')}</th>
                      <th scope="col">{t('dashboard.qty')}</th>
                      <th scope="col">{t('dashboard.stockValue')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.topProducts.map((p) => (
                      <tr key={p.id}>
                        <th scope="row">{p.productName}</th>
                        <td>{t(`category.${p.category}`)}</td>
                        <td className={classes.number} dir="ltr">
                          {fmt.number(p.qty)}
                        </td>
                        <td className={classes.number} dir="ltr" data-figure={`product-${p.id}`}>
                          {money(p.value)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
