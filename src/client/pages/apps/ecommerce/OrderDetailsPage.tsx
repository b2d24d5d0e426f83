import { Button, Heading } from '@primer/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import {
  ORDER_STATUS_NEXT,
  PAYMENT,
  SHIPPED_STATUSES,
  type TOrderAddress,
  type TOrderDetail,
  type TOrderStatus,
} from '../../../../shared/schemas/ecommerce.ts';
import { pathFor } from '../../../app/routes.tsx';
import { Bdi, Ltr } from '../../../components/Bidi/Bidi.tsx';
import { useNotice } from '../../../components/ListPage/index.ts';
import { useCan } from '../../../lib/can.ts';
import { useCountryName } from '../../../lib/countries.ts';
import { useFormatters, useMoney } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { shopClasses as classes, DetailFrame, FactsCard, PaymentMethod, PaymentStatus, ShopStatus } from './shop.tsx';

/** The moves offered from an order's status: a dispatch only once it is paid. */
function nextStatuses(order: Pick<TOrderDetail, 'status' | 'payment'>): readonly TOrderStatus[] {
  return ORDER_STATUS_NEXT[order.status].filter(
    (next) => !SHIPPED_STATUSES.includes(next) || order.payment === PAYMENT.paid,
  );
}

/**
 * /apps/ecommerce/order/details/{order number}: the order's customer and payment, its status and the
 * history that led to it, its lines with subtotal, shipping, tax and total, and its addresses.
 */
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
        nextStatuses(order).map((next) => (
          <Button
            key={next}
            variant={next === 'Cancelled' ? 'danger' : 'primary'}
            disabled={move.isPending}
            onClick={() => void moveTo(next)}
          >
            {t('orders.moveTo', { status: t(`status.${next}`) })}
          </Button>
        ))
      }
    >
      {order && (
        <>
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
                [
                  t('orders.email'),
                  <Ltr key="e" wrap>
                    {order.email}
                  </Ltr>,
                ],
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
            <StatusHistory order={order} />
          </div>
          <OrderLines order={order} />
          <div className={classes.grid}>
            <AddressCard title={t('orders.shippingAddress')} address={order.shippingAddress} />
            <AddressCard title={t('orders.billingAddress')} address={order.billingAddress} />
          </div>
        </>
      )}
    </DetailFrame>
  );
}

/** From the order's placing to its status, oldest first; then what is next for it, or that it is final. */
function StatusHistory({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation('shop');
  const fmt = useFormatters();
  const placed = order.history.find((h) => h.from === null);
  const moves = order.history.filter((h) => h.from !== null);
  const waitsForPayment =
    order.payment !== PAYMENT.paid && ORDER_STATUS_NEXT[order.status].some((s) => SHIPPED_STATUSES.includes(s));
  return (
    <section className={classes.card} aria-labelledby="order-history">
      <Heading as="h2" id="order-history" className={classes.cardTitle}>
        {t('orders.history')}
      </Heading>
      <ol className={classes.history}>
        <li>
          <span>{t('orders.placed')}</span>
          <span className={classes.muted}>
            {fmt.dateTime(placed?.at ?? `${order.date}T${order.time}:00Z`)}
            {placed && (
              <>
                {' · '}
                <Bdi>{placed.by}</Bdi>
              </>
            )}
          </span>
        </li>
        {moves.map((h) => (
          <li key={h.id}>
            <span>{t('orders.movedTo', { status: t(`status.${h.to}`) })}</span>
            <span className={classes.muted}>
              {fmt.dateTime(h.at)} · <Bdi>{h.by}</Bdi>
            </span>
          </li>
        ))}
      </ol>
      {waitsForPayment && (
        <p className={classes.muted}>{t('orders.awaitingPayment', { payment: t(`payment.${order.payment}`) })}</p>
      )}
      {ORDER_STATUS_NEXT[order.status].length === 0 && (
        <p className={classes.muted}>{t('orders.final', { status: t(`status.${order.status}`) })}</p>
      )}
    </section>
  );
}

/** The order's lines (product, quantity, unit price, total), then subtotal, shipping, tax and total. */
function OrderLines({ order }: { order: TOrderDetail }) {
  const { t } = useTranslation('shop');
  const money = useMoney();
  const headingId = useId();
  const totals: [string, number][] = [
    [t('orders.subtotal'), order.subtotal],
    [t('orders.shipping'), order.shipping],
    [t('orders.tax'), order.tax],
  ];
  return (
    <section className={`${classes.card} ${classes.linesCard}`} aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} className={classes.cardTitle}>
        {t('orders.items')}
      </Heading>
      {order.lines.length === 0 ? (
        <p className={classes.muted}>{t('orders.noItems')}</p>
      ) : (
        <table className={classes.lines} aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{t('orders.product')}</th>
              <th scope="col" className={classes.wideOnly}>
                {t('orders.quantity')}
              </th>
              <th scope="col" className={classes.wideOnly}>
                {t('orders.unitPrice')}
              </th>
              <th scope="col">{t('orders.lineTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.position}>
                <th scope="row">
                  <Bdi>{line.product}</Bdi>
                  <span className={classes.lineMeta}>
                    {t('orders.sku')} <Ltr>{line.sku}</Ltr>
                  </span>
                  {/* Where quantity and unit price have no column of their own (a phone), they sit here. */}
                  <span className={`${classes.lineMeta} ${classes.narrowOnly}`}>
                    <Ltr>
                      {line.quantity} × {money(line.unitPrice)}
                    </Ltr>
                  </span>
                </th>
                <td className={classes.wideOnly}>
                  <Ltr>{line.quantity}</Ltr>
                </td>
                <td className={classes.wideOnly}>
                  <Ltr>{money(line.unitPrice)}</Ltr>
                </td>
                <td>
                  <Ltr>{money(line.total)}</Ltr>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className={classes.totals}>
        {totals.map(([label, amount]) => (
          <div key={label} className={classes.totalRow}>
            <dt>{label}</dt>
            <dd>
              <Ltr>{money(amount)}</Ltr>
            </dd>
          </div>
        ))}
        <div className={`${classes.totalRow} ${classes.grandTotal}`}>
          <dt>{t('orders.total')}</dt>
          <dd>
            <Ltr>{money(order.spent)}</Ltr>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** A postal address of the order, in the reader's language for its country; or that none was recorded. */
function AddressCard({ title, address }: { title: string; address: TOrderAddress | null }) {
  const { t } = useTranslation('shop');
  const countryName = useCountryName();
  const headingId = useId();
  return (
    <section className={classes.card} aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} className={classes.cardTitle}>
        {title}
      </Heading>
      {address ? (
        <address className={classes.address}>
          <Bdi>{address.name}</Bdi>
          <br />
          <Bdi>{address.street}</Bdi>
          <br />
          <Bdi>
            {address.postalCode} {address.city}
          </Bdi>
          <br />
          <Bdi>{countryName(address.countryCode) || address.country}</Bdi>
        </address>
      ) : (
        <p className={classes.muted}>{t('orders.noAddress')}</p>
      )}
    </section>
  );
}
