import { useTranslation } from 'react-i18next';
import { SALES_PAYMENT_STATUSES, type TSalesListRow, ZListSalesInput } from '../../../shared/schemas/pages.ts';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import { NameCell, NumberCell, RecordListPage, useRecordList } from '../../components/ListPage/index.ts';
import { useFormatters, useMoney } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';

/** /tables/data-table: the sales of the caller's copy, filtered by status, searched, sorted and paged in SQL, with CSV. */
export default function DataTablePage() {
  const { t } = useTranslation('pages');
  const fmt = useFormatters();
  // The sample sales are in US dollars.
  const money = useMoney();
  const list = useRecordList({
    filters: ['status'],
    schema: ZListSalesInput,
    list: trpc.apps.sales.list,
    invalidates: ['apps.sales'],
    subject: 'DemoApp',
    label: (s: TSalesListRow) => s.product.name,
    records: t('sales.records'),
  });
  const columns: Column<TSalesListRow>[] = [
    {
      key: 'product',
      header: t('sales.col.product'),
      kind: 'name',
      sortable: true,
      hideable: false,
      render: (s) => <NameCell name={s.product.name} detail={s.product.brand} />,
      exportValue: (s) => joinCellText(s.product.name, s.product.brand),
    },
    { key: 'date', header: t('sales.col.date'), kind: 'date', sortable: true, render: (s) => fmt.date(s.date) },
    { key: 'buyer', header: t('sales.col.buyer'), kind: 'name', sortable: true, render: (s) => s.buyer.name },
    {
      key: 'total',
      header: t('sales.col.total'),
      kind: 'number',
      width: 8,
      sortable: true,
      render: (s) => <NumberCell>{money(s.payment.total)}</NumberCell>,
      exportValue: (s) => money(s.payment.total),
    },
    {
      key: 'paid',
      header: t('sales.col.paid'),
      kind: 'number',
      width: 8,
      render: (s) => <NumberCell>{money(s.payment.paidAmount)}</NumberCell>,
      exportValue: (s) => money(s.payment.paidAmount),
    },
    {
      key: 'status',
      header: t('sales.col.status'),
      kind: 'status',
      width: 9,
      sortable: true,
      render: (s) => t(`sales.status.${s.payment.status}`),
    },
  ];
  return (
    <RecordListPage
      list={list}
      title={t('sales.title')}
      description={t('sales.description')}
      emptyTitle={t('sales.empty')}
      columns={columns}
      card={{ title: 'product', facts: ['date', 'total'], status: 'status' }}
      exportDomain="sales"
      onRowOpen={null}
      rowActions={() => []}
      filters={
        <FilterSelect
          label={t('sales.col.status')}
          {...list.filter('status')}
          allLabel={t('sales.allStatuses')}
          options={SALES_PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`sales.status.${s}`) }))}
        />
      }
    />
  );
}
