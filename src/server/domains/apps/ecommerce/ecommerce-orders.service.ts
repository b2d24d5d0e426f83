// Writes to the shop's orders: move an order to its next status, and delete. Callers who may manage DemoApp.
import { type Kysely, sql } from 'kysely';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ORDER_STATUS_NEXT,
  PAYMENT,
  SHIPPED_STATUSES,
  type TOrderDetail,
  type TOrderStatus,
  type TSetOrderStatusInput,
} from '../../../../shared/schemas/ecommerce.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { assertCurrent } from '../../../lib/records.ts';
import { EcommerceOrder } from './ecommerce.entity.ts';
import { openShop } from './ecommerce.shop.ts';
import { getOrder } from './ecommerce-orders.listing.ts';

/** Order `id` of demo tenant `tenant`'s shop, locked until the transaction ends; NOT_FOUND otherwise. */
async function lockOrder(db: Kysely<DB>, tenant: number, id: number) {
  const order = await db
    .selectFrom('ecommerce_orders')
    .select(['id', 'order_number', 'status', 'payment', 'version'])
    .where('id', '=', id)
    .where('tenant_id', '=', tenant)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound('Order');
  return order;
}

/** BAD_REQUEST on `status` unless an order that is `from` may move to `to` (ORDER_STATUS_NEXT). */
function assertNextStatus(from: TOrderStatus, to: TOrderStatus): void {
  if (ORDER_STATUS_NEXT[from].includes(to)) return;
  throw new AppError('BAD_REQUEST', 'shop.orderCannotMove', { from, to }, { status: 'shop.orderCannotMove' });
}

/** BAD_REQUEST on `status` when an order whose payment is `payment` may not be `to`: only a paid order leaves the shop. */
function assertPaidToShip(to: TOrderStatus, payment: number): void {
  if (!SHIPPED_STATUSES.includes(to) || payment === PAYMENT.paid) return;
  throw new AppError('BAD_REQUEST', 'shop.orderNotPaid', {}, { status: 'shop.orderNotPaid' });
}

/**
 * Move an order to its next status (ORDER_STATUS_NEXT), kept in its history with who moved it; needs
 * manage on DemoApp (FORBIDDEN otherwise), NOT_FOUND outside the caller's shop. A move the order's
 * status does not allow, or a dispatch of an order not paid, is BAD_REQUEST on `status`; cancelling
 * cancels the payment too. With `version`, an order changed since the caller read it is CONFLICT. The
 * row is locked for the move, so two moves never both apply.
 */
export async function setOrderStatus(ctx: ServiceContext, input: TSetOrderStatusInput): Promise<TOrderDetail> {
  const shop = await openShop(ctx, 'manage');
  const moved = await shop.ctx.em.transactional(async (em) => {
    const db = kyselyOf(em);
    const order = await lockOrder(db, shop.tenant, input.id);

    assertCurrent(order, input.version, 'Order');

    assertNextStatus(order.status, input.status);
    assertPaidToShip(input.status, order.payment);

    const payment = input.status === 'Cancelled' ? PAYMENT.cancelled : order.payment;
    await db
      .updateTable('ecommerce_orders')
      .set({ status: input.status, payment, version: order.version + 1, updated_at: sql<Date>`now()` })
      .where('id', '=', order.id)
      .execute();

    await db
      .insertInto('ecommerce_order_events')
      .values({
        order_id: order.id,
        from_status: order.status,
        to_status: input.status,
        by_name: shop.ctx.user.fullName,
        created_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .execute();
    return order.order_number;
  });
  return getOrder(ctx, { order: moved });
}

/** Delete an order if the caller's shop has it (deleting a missing order is not an error); needs manage on DemoApp. */
export async function deleteOrder(ctx: ServiceContext, input: TByIdInput): Promise<{ deleted: boolean }> {
  const shop = await openShop(ctx, 'manage');
  const removed = await shop.ctx.em.nativeDelete(EcommerceOrder, { id: input.id, tenant: shop.tenant });
  return { deleted: removed > 0 };
}
