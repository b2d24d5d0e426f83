// /apps/logistics/dashboard: the fleet by status and warning, shipments per destination, delivery
// performance (apps.logistics.summary, aggregates in SQL) and the vehicles table sorted and paged by the
// server with the API's sort keys (apps.logistics.vehicles.list). Charts use the shared Chart wrapper.
import { SortAscIcon, SortDescIcon } from '@primer/octicons-react';
import { Banner, Button, Heading, Label, ProgressBar, Spinner, Text } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TVehicleSortKey, VEHICLE_SORT_KEYS } from '../../../../shared/constants/logistics.ts';
import { Chart } from '../../../components/charts/index.ts';
import { QueryError } from '../../../components/QueryError/index.ts';
import { useCountryName } from '../../../lib/countries.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { usePlaceName } from './place-name.ts';
import { warningKey } from './warning-key.ts';
import classes from './Logistics.module.css';

const PAGE_SIZE = 10;

export default function LogisticsDashboardPage() {
  const { t } = useTranslation('logistics');
  const fmt = useFormatters();
  const country = useCountryName();
  const summary = trpc.apps.logistics.summary.useQuery();
  const pct = (n: number | null) => (n == null ? '—' : `${fmt.number(n)} %`);
  const s = summary.data;
  return (
    <div className={classes.page}>
      <header>
        <Heading as="h1" className={classes.title}>
          {t('dashboard.title')}
        </Heading>
        <Text as="p" className={classes.muted}>
          {t('dashboard.description')}
        </Text>
      </header>
      {summary.error && <QueryError title={t('loadFailed')} error={summary.error} onRetry={summary.refetch} />}
      {summary.isLoading && <Spinner srText={t('loading')} />}
      {s && s.totalVehicles === 0 && <Banner variant="info" title={t('empty')} />}
      {s && s.totalVehicles > 0 && (
        <>
          <section className={classes.card} aria-labelledby="lg-overview">
            <Heading as="h2" id="lg-overview" className={classes.cardTitle}>
              {t('dashboard.overview', { n: fmt.number(s.totalVehicles) })}
            </Heading>
            <dl className={classes.stats} data-testid="status-counts">
              {s.byStatus.map((row) => (
                <div key={row.status} className={classes.stat} data-status={row.status}>
                  <dt>{t(`status.${row.status}`)}</dt>
                  <dd dir="ltr">{fmt.number(row.count)}</dd>
                </div>
              ))}
            </dl>
          </section>
          <div className={classes.grid}>
            <section className={classes.card} aria-labelledby="lg-warnings">
              <Heading as="h2" id="lg-warnings" className={classes.cardTitle}>
                {t('dashboard.warnings')}
              </Heading>
              <Chart
                title={t('dashboard.warningsChart')}
                summary={t('dashboard.warningsSummary')}
                data={s.byWarning.map((row) => ({
                  warning: t(`warning.${warningKey(row.warning)}`),
                  count: row.count,
                }))}
                xKey="warning"
                xLabel={t('col.warnings')}
                series={[{ key: 'count', label: t('dashboard.vehicles'), color: 'attention', kind: 'bar' }]}
                sideways
                tableLabel={t('showTable')}
              />
            </section>
            <section className={classes.card} aria-labelledby="lg-shipments">
              <Heading as="h2" id="lg-shipments" className={classes.cardTitle}>
                {t('dashboard.shipments')}
              </Heading>
              <Chart
                title={t('dashboard.shipmentsChart')}
                summary={t('dashboard.shipmentsSummary')}
                data={s.shipments}
                xKey="country"
                xLabel={t('dashboard.destination')}
                formatX={(v) => country(String(v))}
                series={[
                  { key: 'shipments', label: t('dashboard.shipmentCount'), color: 'primary', kind: 'bar' },
                  {
                    key: 'averageProgress',
                    label: t('dashboard.averageProgress'),
                    color: 'success',
                    axis: 'second',
                    format: pct,
                  },
                ]}
                domain={{ second: [0, 100] }}
                axisFormat={{ second: pct }}
                sideways
                tableLabel={t('showTable')}
              />
            </section>
          </div>
          <section className={classes.card} aria-labelledby="lg-performance">
            <Heading as="h2" id="lg-performance" className={classes.cardTitle}>
              {t('dashboard.performance')}
            </Heading>
            <dl className={classes.stats} data-testid="performance">
              <Stat label={t('dashboard.averageProgress')} value={pct(s.performance.averageProgress)} />
              <Stat label={t('status.delivered')} value={fmt.number(s.performance.delivered)} />
              <Stat label={t('dashboard.withWarnings')} value={fmt.number(s.performance.withWarnings)} />
              <Stat label={t('dashboard.progressWithout')} value={pct(s.performance.averageProgressWithoutWarnings)} />
              <Stat label={t('dashboard.progressWith')} value={pct(s.performance.averageProgressWithWarnings)} />
            </dl>
          </section>
        </>
      )}
      <VehiclesTable />
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.stat}>
      <dt>{label}</dt>
      <dd dir="ltr">{value}</dd>
    </div>
  );
}

function VehiclesTable() {
  const { t } = useTranslation('logistics');
  const fmt = useFormatters();
  const place = usePlaceName();
  const [sortBy, setSortBy] = useState<TVehicleSortKey>('location');
  const [orderBy, setOrderBy] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const list = trpc.apps.logistics.vehicles.list.useQuery(
    { sortBy, orderBy, page, itemsPerPage: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const sort = (key: TVehicleSortKey) => {
    if (key === sortBy) setOrderBy(orderBy === 'asc' ? 'desc' : 'asc');
    else {
      setSortBy(key);
      setOrderBy('asc');
    }
    setPage(1);
  };
  return (
    <section className={classes.card} aria-labelledby="lg-vehicles">
      <Heading as="h2" id="lg-vehicles" className={classes.cardTitle}>
        {t('dashboard.vehiclesTable')}
      </Heading>
      {list.error && <QueryError title={t('loadFailed')} error={list.error} onRetry={list.refetch} />}
      {list.isLoading && <Spinner srText={t('loading')} />}
      {list.data && list.data.items.length === 0 && <Text className={classes.muted}>{t('empty')}</Text>}
      {list.data && list.data.items.length > 0 && (
        <div className={classes.tableWrap}>
          <table className={classes.table} aria-describedby="lg-vehicles-pages">
            <caption className={classes.srOnly}>{t('dashboard.vehiclesTable')}</caption>
            <thead>
              <tr>
                {VEHICLE_SORT_KEYS.map((key) => (
                  <th
                    key={key}
                    scope="col"
                    aria-sort={key === sortBy ? (orderBy === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    <button type="button" className={classes.sortButton} onClick={() => sort(key)}>
                      {t(`col.${key}`)}
                      {key === sortBy &&
                        (orderBy === 'asc' ? <SortAscIcon aria-hidden="true" /> : <SortDescIcon aria-hidden="true" />)}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((v) => (
                <tr key={v.id} data-vehicle={v.location}>
                  <th scope="row" dir="ltr">
                    VOL-{v.location}
                  </th>
                  <td>{place(v.startCity, v.startCountry)}</td>
                  <td>{place(v.endCity, v.endCountry)}</td>
                  <td>
                    <Label variant={v.warnings === 'No Warnings' ? 'success' : 'attention'}>
                      {t(`warning.${warningKey(v.warnings)}`)}
                    </Label>
                  </td>
                  <td>
                    <span className={classes.progressCell}>
                      <ProgressBar progress={v.progress} aria-label={t('progressOf', { n: v.location })} />
                      <span dir="ltr">{fmt.number(v.progress)} %</span>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={classes.pager}>
        <Text id="lg-vehicles-pages" className={classes.muted}>
          {t('pageOf', { page: fmt.number(page), pages: fmt.number(pages), total: fmt.number(total) })}
        </Text>
        <span style={{ display: 'flex', gap: 8 }}>
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
