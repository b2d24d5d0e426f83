import { Button, Heading } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { ORDER_STATUS_NEXT, type TOrderStatus } from '../../../../shared/schemas/ecommerce.ts';
import { pathFor } from '../../../app/routes.tsx';
import { Bdi, Ltr } from '../../../components/Bidi/Bidi.tsx';
import { useNotice } from '../../../components/ListPage/index.ts';
import { useCan } from '../../../lib/can.ts';
import { useFormatters, useMoney } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { shopClasses as classes, DetailFrame, FactsCard, PaymentMethod, PaymentStatus, ShopStatus } from './shop.tsx';

/** /apps/ecommerce/order/details/{order number}: the order, its customer and payment, its status and history. */
export default function OrderDetailsPage() {
  const { t } = useTranslation('shop');
  const fmt = useFormatters();
  const money = useMoney();
  const can = useCan();
  const params = useParams<{ id: string }>();
  const number = Number(params.id);
  const valid = Number.isInteger(number) && number > 0;
  const query = trpc.apps.ecommerce.orders.byNumber.useQuery({ order: valid ? number : 1 }, { retry: false });
  const utils = trpc.useUtils();
  const move = trpc.apps.ecommerce.orders.setStatus.useMutation();
  const notices = useNotice();
  const order = query.data;
  const manage = can('update', 'DemoApp');

  const moveTo = (status: TOrderStatus) =>
    order &&
    notices.run(
      async () => {
        try {
          await move.mutateAsync({ id: order.id, status, version: order.version });
        } finally {
          await utils.apps.ecommerce.orders.invalidate();
        }
      },
      t('orders.moved', { order: order.order, status: t(`status.${status}`) }),
    );

  return (
    <DetailFrame
      query={query}
      backRoute="apps-ecommerce-order-list"
      backLabel={t('orders.back')}
      missing={t('orders.notFound', { order: params.id })}
      notices={notices}
      title={
        order && (
          <>
            {t('orders.number', { order: order.order })} <ShopStatus status={order.status} />
          </>
        )
      }
      actions={
        order &&
        manage &&
        ORDER_STATUS_NEXT[order.status].map((next) => (
          <Button key={next} variant="primary" disabled={move.isPending} onClick={() => void moveTo(next)}>
            {t('orders.moveTo', { status: t(`status.${next}`) })}
          </Button>
        ))
      }
    >
      {order && (
        <div className={classes.grid}>
          <FactsCard
            title={t('orders.customer')}
            facts={[
              [
                t('orders.name'),
                order.customerId ? (
                  <Link href={pathFor('apps-ecommerce-customer-details-id', { id: order.customerId })}>
                    <Bdi>{order.customer}</Bdi>
                  </Link>
                ) : (
                  <Bdi>{order.customer}</Bdi>
                ),
              ],
              [t('orders.email'), <Ltr key="e">{order.email}</Ltr>],
            ]}
          />
          <FactsCard
            title={t('orders.paymentTitle')}
            facts={[
              [t('orders.payment'), <PaymentStatus key="p" code={order.payment} />],
              [t('orders.method'), <PaymentMethod key="m" method={order.method} last4={order.methodNumber} />],
              [t('orders.total'), <Ltr key="s">{money(order.spent)}</Ltr>],
              [t('orders.date'), fmt.dateTime(`${order.date}T${order.time}:00Z`)],
            ]}
          />
          <section className={classes.card} aria-labelledby="order-history">
            <Heading as="h2" id="order-history" className={classes.cardTitle}>
              {t('orders.history')}
            </Heading>
            <ol className={classes.history}>
              <li>
                <span>{t('orders.placed')}</span>
                <span className={classes.muted}>{fmt.dateTime(`${order.date}T${order.time}:00Z`)}</span>
              </li>
              {order.history.map((h) => (
                <li key={h.id}>
                  <span>{t('orders.movedTo', { status: t(`status.${h.to}`) })}</span>
                  <span className={classes.muted}>
                    {fmt.dateTime(h.at)} · <Bdi>{h.by}</Bdi>
                  </span>
                </li>
              ))}
            </ol>
            {order.history.length === 0 && (
              <p className={classes.muted}>{t('orders.noHistory', { status: t(`status.${order.status}`) })}</p>
            )}
            {ORDER_STATUS_NEXT[order.status].length === 0 && <p className={classes.muted}>{t('orders.final')}</p>}
          </section>
        </div>
      )}
    </DetailFrame>
  );
}
