import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { type TOrder, ZListOrdersInput } from '../../../../shared/schemas/ecommerce.ts';
import { pathFor } from '../../../app/routes.tsx';
import { type Column, joinCellText } from '../../../components/DataTable/DataTable.tsx';
import { CodeCell, RecordListPage, TwoLineCell, useRecordList } from '../../../components/ListPage/index.ts';
import { useFormatters, useMoney } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import {
  MoneyCell,
  ORDER_STATUS_WIDTH,
  PaymentMethod,
  PaymentStatus,
  PictureName,
  ShopStatus,
  shopList,
  shopListText,
} from './shop.tsx';

/**
 * /apps/ecommerce/order/list: the shop's orders; a row opens its details (status, history). The date and
 * the payment method take two short lines each (date over time, brand over card number), so the customer
 * keeps the room for their name at a desktop width.
 */
export default function OrderListPage() {
  const { t, i18n } = useTranslation('shop');
  const fmt = useFormatters();
  const time = useMemo(() => new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }), [i18n.language]);
  const money = useMoney();
  const [, navigate] = useLocation();
  const list = useRecordList({
    filters: [],
    schema: ZListOrdersInput,
    list: trpc.apps.ecommerce.orders.list,
    ...shopList('orders'),
    label: (o: TOrder) => t('orders.number', { order: o.order }),
    remove: trpc.apps.ecommerce.orders.delete.useMutation().mutateAsync,
    deleteHint: t('orders.deleteHint'),
    records: t('orders.records'),
  });
  const open = (o: TOrder) => navigate(pathFor('apps-ecommerce-order-details-id', { id: o.order }));

  const columns: Column<TOrder>[] = [
    {
      key: 'order',
      header: t('orders.order'),
      kind: 'code',
      width: 7,
      sortable: true,
      hideable: false,
      render: (o) => <CodeCell>#{o.order}</CodeCell>,
      exportValue: (o) => `#${o.order}`,
    },
    {
      key: 'date',
      header: t('orders.date'),
      kind: 'date',
      sortable: true,
      render: (o) => {
        const at = `${o.date}T${o.time}:00Z`;
        return <TwoLineCell first={fmt.date(at)} second={time.format(new Date(at))} />;
      },
      exportValue: (o) => fmt.dateTime(`${o.date}T${o.time}:00Z`),
    },
    {
      key: 'customers',
      header: t('orders.customer'),
      kind: 'name',
      sortable: true,
      render: (o) => <PictureName image={o.avatar} name={o.customer} detail={o.email} detailLtr />,
      exportValue: (o) => joinCellText(o.customer, o.email),
    },
    {
      key: 'payment',
      header: t('orders.payment'),
      kind: 'status',
      render: (o) => <PaymentStatus code={o.payment} />,
      exportValue: (o) => t(`payment.${o.payment}`),
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      // Room for the longest status badge in every language ("En cours de livraison").
      width: ORDER_STATUS_WIDTH,
      sortable: true,
      render: (o) => <ShopStatus status={o.status} />,
      exportValue: (o) => t(`status.${o.status}`),
    },
    {
      key: 'method',
      header: t('orders.method'),
      kind: 'text',
      // "Mastercard" over "•••• 2691".
      width: 7,
      render: (o) => <PaymentMethod method={o.method} last4={o.methodNumber} stacked />,
      exportValue: (o) =>
        o.method === 'mastercard'
          ? `${t(`method.${o.method}`)} •••• ${String(o.methodNumber).padStart(4, '0')}`
          : t(`method.${o.method}`),
    },
    {
      key: 'spent',
      header: t('orders.spent'),
      kind: 'number',
      // Room for the amount with its currency in every language ("125.28 US$" in Arabic).
      width: 7.5,
      sortable: true,
      render: (o) => <MoneyCell>{money(o.spent)}</MoneyCell>,
      exportValue: (o) => money(o.spent),
    },
  ];

  return (
    <RecordListPage
      list={list}
      {...shopListText(t, 'orders')}
      columns={columns}
      card={{ title: 'customers', facts: ['order', 'spent'], status: 'status' }}
      exportDomain="ecommerce-orders"
      onRowOpen={open}
      rowActions={(o) =>
        list.menu(o, { onEdit: undefined, extra: [{ label: t('orders.open'), onSelect: () => open(o) }] })
      }
    />
  );
}
