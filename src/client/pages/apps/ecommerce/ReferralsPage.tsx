import { useTranslation } from 'react-i18next';
import { type TReferral, ZListReferralsInput } from '../../../../shared/schemas/ecommerce.ts';
import { type Column, joinCellText } from '../../../components/DataTable/DataTable.tsx';
import { CodeCell, RecordListPage, useRecordList } from '../../../components/ListPage/index.ts';
import { StatCards } from '../../../components/StatCards/index.ts';
import { useFormatters, useMoney } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { MoneyCell, PictureName, ShopStatus, shopList, shopListText } from './shop.tsx';

/** /apps/ecommerce/referrals: referral stat cards and the referred customers with their earnings. */
export default function ReferralsPage() {
  const { t } = useTranslation('shop');
  const fmt = useFormatters();
  const money = useMoney();
  const list = useRecordList({
    filters: [],
    schema: ZListReferralsInput,
    list: trpc.apps.ecommerce.referrals.list,
    ...shopList('referrals'),
    label: (r: TReferral) => r.user,
    records: t('referrals.records'),
  });
  const stats = trpc.apps.ecommerce.referrals.stats.useQuery();

  const columns: Column<TReferral>[] = [
    {
      key: 'users',
      header: t('referrals.user'),
      kind: 'name',
      sortable: true,
      hideable: false,
      render: (r) => <PictureName image={r.avatar} name={r.user} detail={r.email} detailLtr />,
      exportValue: (r) => joinCellText(r.user, r.email),
    },
    {
      key: 'referred-id',
      header: t('referrals.referredId'),
      kind: 'code',
      width: 8,
      sortable: true,
      render: (r) => <CodeCell>{r.referredId}</CodeCell>,
      exportValue: (r) => String(r.referredId),
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      sortable: true,
      render: (r) => <ShopStatus status={r.status} />,
      exportValue: (r) => t(`status.${r.status}`),
    },
    {
      key: 'value',
      header: t('referrals.value'),
      kind: 'number',
      sortable: true,
      render: (r) => <MoneyCell>{money(r.value)}</MoneyCell>,
      exportValue: (r) => money(r.value),
    },
    {
      key: 'earning',
      header: t('referrals.earning'),
      kind: 'number',
      sortable: true,
      render: (r) => <MoneyCell>{money(r.earning)}</MoneyCell>,
      exportValue: (r) => money(r.earning),
    },
  ];

  return (
    <RecordListPage
      list={list}
      {...shopListText(t, 'referrals')}
      columns={columns}
      card={{ title: 'users', facts: ['value', 'earning'], status: 'status' }}
      exportDomain="ecommerce-referrals"
      summary={
        <StatCards
          label={t('referrals.stats')}
          stats={
            stats.data
              ? [
                  { label: t('referrals.total'), value: fmt.number(stats.data.total) },
                  { label: t('status.Paid'), value: fmt.number(stats.data.paid) },
                  { label: t('status.Unpaid'), value: fmt.number(stats.data.unpaid) },
                  { label: t('referrals.earnings'), value: money(stats.data.earnings) },
                  { label: t('referrals.unpaidEarnings'), value: money(stats.data.unpaidEarnings) },
                ]
              : null
          }
        />
      }
      onRowOpen={null}
      rowActions={() => []}
    />
  );
}
