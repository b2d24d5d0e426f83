import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { type TEcommerceCustomer, ZListEcommerceCustomersInput } from '../../../../shared/schemas/ecommerce.ts';
import { pathFor } from '../../../app/routes.tsx';
import { type Column, joinCellText } from '../../../components/DataTable/DataTable.tsx';
import { CodeCell, NumberCell, RecordListPage, TextCell, useRecordList } from '../../../components/ListPage/index.ts';
import { useFormatters, useMoney } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { MoneyCell, PictureName, shopList, shopListText } from './shop.tsx';

/** /apps/ecommerce/customer/list: the shop's customers; a row opens their details. */
export default function CustomerListPage() {
  const { t } = useTranslation('shop');
  const fmt = useFormatters();
  const money = useMoney();
  const [, navigate] = useLocation();
  const list = useRecordList({
    filters: [],
    schema: ZListEcommerceCustomersInput,
    list: trpc.apps.ecommerce.customers.list,
    ...shopList('customers'),
    label: (c: TEcommerceCustomer) => c.customer,
    records: t('customers.records'),
  });
  const open = (c: TEcommerceCustomer) => navigate(pathFor('apps-ecommerce-customer-details-id', { id: c.customerId }));

  const columns: Column<TEcommerceCustomer>[] = [
    {
      key: 'customer',
      header: t('customers.customer'),
      kind: 'name',
      sortable: true,
      hideable: false,
      render: (c) => <PictureName image={c.avatar} name={c.customer} detail={c.email} detailLtr />,
      exportValue: (c) => joinCellText(c.customer, c.email),
    },
    {
      key: 'customerId',
      header: t('customers.customerId'),
      kind: 'code',
      width: 8,
      sortable: true,
      render: (c) => <CodeCell>#{c.customerId}</CodeCell>,
      exportValue: (c) => `#${c.customerId}`,
    },
    {
      key: 'country',
      header: t('customers.country'),
      kind: 'text',
      sortable: true,
      render: (c) => (
        <span>
          <span aria-hidden="true">{c.countryFlag}</span> <TextCell>{c.country}</TextCell>
        </span>
      ),
      exportValue: (c) => c.country,
    },
    {
      key: 'orders',
      header: t('customers.orders'),
      kind: 'number',
      width: 6,
      sortable: true,
      render: (c) => <NumberCell>{fmt.number(c.order)}</NumberCell>,
      exportValue: (c) => fmt.number(c.order),
    },
    {
      key: 'totalSpent',
      header: t('customers.totalSpent'),
      kind: 'number',
      sortable: true,
      render: (c) => <MoneyCell>{money(c.totalSpent)}</MoneyCell>,
      exportValue: (c) => money(c.totalSpent),
    },
  ];

  return (
    <RecordListPage
      list={list}
      {...shopListText(t, 'customers')}
      columns={columns}
      card={{ title: 'customer', facts: ['country', 'totalSpent'], status: 'orders' }}
      exportDomain="ecommerce-customers"
      onRowOpen={open}
      rowActions={(c) => [{ label: t('customers.open'), onSelect: () => open(c) }]}
    />
  );
}
