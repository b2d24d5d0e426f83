// The caller's copy of the demo shop, which every e-commerce read and write works on: each customer
// (the platform, for the superadmin) has its own, made on first use; another one's rows are NOT_FOUND.
// Also the formatting every area of the shop shares.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, sql } from 'kysely';
import type { Action } from '../../../../shared/abilities/index.ts';
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

const SHOP_TABLES = [
  [EcommerceCategory, 'ecommerce_categories'],
  [EcommerceProduct, 'ecommerce_products'],
  [EcommerceReview, 'ecommerce_reviews'],
  [EcommerceReferral, 'ecommerce_referrals'],
  [EcommerceOrder, 'ecommerce_orders'],
  [EcommerceCustomer, 'ecommerce_customers'],
] as const;

/** Copies the sample shop to demo tenant `tenant`. */
export async function copySampleShop(em: EntityManager, tenant: number): Promise<void> {
  for (const [entity, table] of SHOP_TABLES) await copySampleRows(em, table, tenant, copiedColumns(em, entity));
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
