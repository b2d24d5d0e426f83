import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { INVOICE_STATUSES, type TInvoice, ZListInvoicesInput } from '../../../../shared/schemas/invoice.ts';
import { type Column, joinCellText } from '../../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../../components/DataTable/FilterSelect.tsx';
import { DateRangeFilter } from '../../../components/DateRangeFilter/DateRangeFilter.tsx';
import { CodeCell, NameCell, NumberCell, RecordListPage, useRecordList } from '../../../components/ListPage/index.ts';
import { useFormatters, useMoney } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { INVOICE_MONEY, InvoiceStatusLabel, invoicePaths } from './invoice-ui.tsx';

/** /apps/invoice/list: the invoices of the caller's copy, filtered by status and issue date, paged in SQL. */
export default function InvoiceListPage() {
  const { t } = useTranslation('invoice');
  const fmt = useFormatters();
  const money = useMoney(INVOICE_MONEY);
  const [, navigate] = useLocation();
  const list = useRecordList({
    filters: ['status', 'issuedFrom', 'issuedTo'],
    schema: ZListInvoicesInput,
    list: trpc.apps.invoice.list,
    invalidates: ['apps.invoice'],
    subject: 'DemoApp',
    label: (i: TInvoice) => t('number', { id: i.id }),
    remove: trpc.apps.invoice.delete.useMutation().mutateAsync,
    deleteHint: t('deleteHint'),
    records: t('records'),
  });
  const columns: Column<TInvoice>[] = [
    {
      key: 'id',
      header: t('col.id'),
      kind: 'code',
      width: 6,
      sortable: true,
      hideable: false,
      render: (i) => <CodeCell>#{i.id}</CodeCell>,
      exportValue: (i) => `#${i.id}`,
    },
    {
      key: 'client',
      header: t('col.client'),
      kind: 'name',
      sortable: true,
      render: (i) => <NameCell name={i.client.name} detail={i.client.company} />,
      exportValue: (i) => joinCellText(i.client.name, i.client.company),
    },
    {
      key: 'total',
      header: t('col.total'),
      kind: 'number',
      width: 8,
      sortable: true,
      render: (i) => <NumberCell>{money(i.total)}</NumberCell>,
      exportValue: (i) => money(i.total),
    },
    { key: 'date', header: t('col.issued'), kind: 'date', sortable: true, render: (i) => fmt.date(i.issuedDate) },
    { key: 'dueDate', header: t('col.due'), kind: 'date', render: (i) => fmt.date(i.dueDate) },
    {
      key: 'balance',
      header: t('col.balance'),
      kind: 'number',
      width: 8,
      sortable: true,
      render: (i) => <NumberCell>{money(i.balance)}</NumberCell>,
      exportValue: (i) => money(i.balance),
    },
    {
      key: 'status',
      header: t('col.status'),
      kind: 'status',
      width: 9,
      render: (i) => <InvoiceStatusLabel status={i.invoiceStatus} />,
      exportValue: (i) => t(`status.${i.invoiceStatus}`),
    },
  ];
  const { filters } = list.state;
  return (
    <RecordListPage
      list={list}
      title={t('title')}
      description={t('description')}
      createLabel={t('new')}
      onCreate={() => navigate(invoicePaths.add())}
      emptyTitle={t('empty')}
      columns={columns}
      card={{ title: 'client', facts: ['total', 'date'], status: 'status' }}
      exportDomain="invoices"
      filters={
        <>
          <FilterSelect
            label={t('col.status')}
            {...list.filter('status')}
            allLabel={t('filters.allStatuses')}
            options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
          <DateRangeFilter
            fromLabel={t('filters.issuedFrom')}
            toLabel={t('filters.issuedTo')}
            from={filters.issuedFrom ?? ''}
            to={filters.issuedTo ?? ''}
            onChange={(range) => list.update({ filters: { issuedFrom: range.from, issuedTo: range.to } })}
          />
        </>
      }
      onRowOpen={(i) => navigate(invoicePaths.preview(i.id))}
      rowActions={(i) =>
        list.menu(i, {
          onEdit: () => navigate(invoicePaths.edit(i.id)),
          extra: [{ label: t('preview'), onSelect: () => navigate(invoicePaths.preview(i.id)) }],
        })
      }
    />
  );
}
