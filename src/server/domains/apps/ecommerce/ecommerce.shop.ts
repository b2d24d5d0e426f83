// The caller's copy of the demo shop, which every e-commerce read and write works on: each customer
// (the platform, for the superadmin) has its own, made on first use; another one's rows are NOT_FOUND.
// Also the formatting every area of the shop shares.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, sql } from 'kysely';
import type { Action } from '../../../../shared/abilities/index.ts';
import { db } from '../../../db/kysely.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { copiedColumns, copySampleRows, openTenantCopy, type TenantCopy } from '../provision/demo-provision.service.ts';
import {
  EcommerceCategory,
  EcommerceCustomer,
  EcommerceOrder,
  EcommerceProduct,
  EcommerceReferral,
  EcommerceReview,
} from './ecommerce.entity.ts';

// Orders before customers: the trigger that keeps a customer's order count and total spent adds an
// order only to customers already there, so the customers come with the samples' sums after them.
const SHOP_TABLES = [
  [EcommerceCategory, 'ecommerce_categories'],
  [EcommerceProduct, 'ecommerce_products'],
  [EcommerceReview, 'ecommerce_reviews'],
  [EcommerceReferral, 'ecommerce_referrals'],
  [EcommerceOrder, 'ecommerce_orders'],
  [EcommerceCustomer, 'ecommerce_customers'],
] as const;

/** Copies the sample shop to demo tenant `tenant`, its orders with their lines and status history. */
export async function copySampleShop(em: EntityManager, tenant: number): Promise<void> {
  let orders = new Map<number, number>();
  for (const [entity, table] of SHOP_TABLES) {
    const ids = await copySampleRows(em, table, tenant, copiedColumns(em, entity));
    if (entity === EcommerceOrder) orders = ids;
  }
  await copyOrderParts(em, orders);
}

/** Copies the lines and the history of the sample orders to their copies (`orders`: sample id -> copy id). */
async function copyOrderParts(em: EntityManager, orders: Map<number, number>): Promise<void> {
  const k = db(em);
  const copies = sql`unnest(${[...orders.keys()]}::int[], ${[...orders.values()]}::int[]) as m(old, new)`;
  await sql`
    insert into ecommerce_order_lines (created_at, updated_at, order_id, position, product_name, sku, unit_price, quantity)
    select now(), now(), m.new, l.position, l.product_name, l.sku, l.unit_price, l.quantity
      from ecommerce_order_lines l join ${copies} on m.old = l.order_id
     order by m.new, l.position`.execute(k);
  // The history keeps its times: it happened before the copy.
  await sql`
    insert into ecommerce_order_events (created_at, updated_at, order_id, from_status, to_status, by_name)
    select e.created_at, e.created_at, m.new, e.from_status, e.to_status, e.by_name
      from ecommerce_order_events e join ${copies} on m.old = e.order_id
     order by m.new, e.created_at, e.id`.execute(k);
}

/**
 * Authorizes `action` on DemoApp (FORBIDDEN otherwise: reading needs `read`, writing `manage`); the
 * caller's copy of the shop (made on first use).
 */
export function openShop(ctx: ServiceContext, action: Action = 'read'): Promise<TenantCopy> {
  return openTenantCopy(ctx, action, 'shop', copySampleShop);
}

/** Amounts are shown with their currency sign, e.g. "$249.99". */
export function dollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** The flag emoji of a two-letter country code ("fr" -> 🇫🇷). */
export function countryFlag(code: string): string {
  if (!/^[a-z]{2}$/i.test(code)) return '';
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** Case-insensitive, byte-ordered text sort (the migration indexes the same expression). */
export const textSort = (column: Expression<string>) => sql<string>`lower(${column}) collate "C"`;
