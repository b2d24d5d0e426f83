import { Heading } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { type TOrder, ZListOrdersInput } from '../../../../shared/schemas/ecommerce.ts';
import { pathFor } from '../../../app/routes.tsx';
import { Bdi, Ltr } from '../../../components/Bidi/Bidi.tsx';
import { type Column, DataTable } from '../../../components/DataTable/DataTable.tsx';
import { CodeCell } from '../../../components/ListPage/index.ts';
import { useCountryName } from '../../../lib/countries.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters, useMoney } from '../../../lib/format.ts';
import { toSchemaListInput, useListState } from '../../../lib/list-state.ts';
import { trpc } from '../../../lib/trpc.ts';
import {
  shopClasses as classes,
  DetailFrame,
  FactsCard,
  MoneyCell,
  ORDER_STATUS_WIDTH,
  PaymentStatus,
  ShopStatus,
} from './shop.tsx';

/** /apps/ecommerce/customer/details/{customer number}: overview, address and contact, and their orders (paged in SQL). */
export default function CustomerDetailsPage() {
  const { t } = useTranslation('shop');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const money = useMoney();
  const [, navigate] = useLocation();
  const params = useParams<{ id: string }>();
  const number = Number(params.id);
  const customerId = Number.isInteger(number) && number > 0 ? number : 1;
  const query = trpc.apps.ecommerce.customers.byId.useQuery({ customerId }, { retry: false });
  const [state, update] = useListState([], { sortBy: 'date', orderBy: 'desc' });
  const orders = trpc.apps.ecommerce.orders.ofCustomer.useQuery(
    { ...toSchemaListInput(ZListOrdersInput, state), customerId },
    { enabled: !!query.data },
  );
  // The overview's figures are summed by the server from the orders the list below shows (those placed
  // with the customer's e-mail): all of them counted, the paid ones' amounts in the total spent.
  const c = query.data;
  const countryName = useCountryName();
  const openOrder = (o: TOrder) => navigate(pathFor('apps-ecommerce-order-details-id', { id: o.order }));

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
      kind: 'datetime',
      sortable: true,
      render: (o) => fmt.dateTime(`${o.date}T${o.time}:00Z`),
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
      key: 'spent',
      header: t('orders.spent'),
      kind: 'number',
      sortable: true,
      render: (o) => <MoneyCell>{money(o.spent)}</MoneyCell>,
      exportValue: (o) => money(o.spent),
    },
  ];

  return (
    <DetailFrame
      query={query}
      backRoute="apps-ecommerce-customer-list"
      backLabel={t('customers.back')}
      missing={t('customers.notFound', { id: params.id })}
      title={c && <Bdi>{c.customer}</Bdi>}
    >
      {c && (
        <>
          <div className={classes.grid}>
            <FactsCard
              title={t('customers.overview')}
              facts={[
                [t('customers.customerId'), <Ltr key="id">#{c.customerId}</Ltr>],
                [t('fields.status'), t('customers.active')],
                [t('customers.orders'), fmt.number(c.order)],
                [
                  t('customers.totalSpent'),
                  <span key="s" className={classes.figure}>
                    <Ltr>{money(c.totalSpent)}</Ltr>
                    <span className={classes.muted} data-testid="total-spent-hint">
                      {t('customers.paidOnly', { paid: fmt.number(c.paidOrders), orders: fmt.number(c.order) })}
                    </span>
                  </span>,
                ],
              ]}
            />
            <FactsCard
              title={t('customers.address')}
              facts={[
                [
                  t('customers.email'),
                  <Ltr key="e" wrap>
                    {c.email}
                  </Ltr>,
                ],
                [t('customers.contact'), <Ltr key="c">{c.contact}</Ltr>],
                [
                  t('customers.country'),
                  <span key="co">
                    <span aria-hidden="true">{c.countryFlag}</span> <Bdi>{countryName(c.countryCode) || c.country}</Bdi>
                  </span>,
                ],
              ]}
            />
          </div>
          <section className={classes.page} aria-labelledby="customer-orders">
            <Heading as="h2" id="customer-orders" className={classes.cardTitle}>
              {t('customers.ordersTitle')}
            </Heading>
            <DataTable
              label={t('customers.ordersTitle')}
              columns={columns}
              rows={orders.data?.items}
              total={orders.data?.total ?? 0}
              rowKey={(o) => o.id}
              state={state}
              onStateChange={update}
              loading={orders.isFetching}
              error={orders.error ? errorText.error(orders.error) : undefined}
              onRetry={() => void orders.refetch()}
              onRowOpen={openOrder}
              rowLabel={(o) => t('orders.number', { order: o.order })}
              records={t('orders.records')}
              card={{ title: 'order', facts: ['date', 'spent'], status: 'status' }}
              settingsKey="ecommerce-customer-orders"
              empty={{ title: t('customers.noOrders'), description: t('customers.noOrdersHint') }}
            />
          </section>
        </>
      )}
    </DetailFrame>
  );
}
