// E-commerce demo app tables. Search and sort indexes (pg_trgm GIN, expression btree) are written by
// hand in the migration; the shop's orders and customers are indexed for million-row tables.
import { defineEntity, p } from '@mikro-orm/core';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PRODUCT_STATUSES,
  REFERRAL_STATUSES,
  REVIEW_STATUSES,
  type TOrderAddress,
  type TShopSettingsFields,
} from '../../../../shared/schemas/ecommerce.ts';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { DemoTenant } from '../provision/demo-tenant.entity.ts';

/** A shop category (one shop copy's own list); products name it in `category`. */
export const EcommerceCategorySchema = defineEntity({
  name: 'EcommerceCategory',
  tableName: 'ecommerce_categories',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    name: p.string().length(60),
    description: p.text().default(''),
    ...recordVersion,
  },
  uniques: [{ properties: ['tenant', 'name'] }],
});
export class EcommerceCategory extends EcommerceCategorySchema.class {}
EcommerceCategorySchema.setClass(EcommerceCategory);

export const EcommerceProductSchema = defineEntity({
  name: 'EcommerceProduct',
  tableName: 'ecommerce_products',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    productName: p.string().length(160),
    productBrand: p.string().length(120),
    /** The name of one of the shop's categories (ecommerce_categories); renamed with it. */
    category: p.string().length(60),
    /** In stock: only with some quantity (ecommerce_products_stock_check). */
    stock: p.boolean(),
    /** Letters, digits, "-", "_" and "." ("TSH-RED-XL"); the samples' are five digits. */
    sku: p.string().length(64),
    /** In dollars; rendered with its currency sign. */
    price: p.decimal('number').precision(12).scale(2),
    qty: p.integer(),
    status: p.enum([...PRODUCT_STATUSES]),
    image: p.text(),
    /** The gallery in display order (image URLs, e.g. /api/files/12?inline=1); `image` is its first. */
    images: p.array().default([]),
    /** Longer text shown on the product page; empty for the samples. */
    description: p.text().default(''),
    /** Percent off the price, 0 to 100. */
    discount: p.smallint().default(0),
    ...recordVersion,
  },
  checks: [
    { name: 'ecommerce_products_sku_check', expression: "sku ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'" },
    // In stock means some quantity (the save schema says so on `stock`).
    { name: 'ecommerce_products_stock_check', expression: 'not stock or qty > 0' },
  ],
});
export class EcommerceProduct extends EcommerceProductSchema.class {}
EcommerceProductSchema.setClass(EcommerceProduct);

export const EcommerceReviewSchema = defineEntity({
  name: 'EcommerceReview',
  tableName: 'ecommerce_reviews',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    product: p.string().length(160),
    companyName: p.string().length(120),
    productImage: p.text(),
    reviewer: p.string().length(120),
    email: p.string().length(254),
    avatar: p.text(),
    date: p.date(),
    status: p.enum([...REVIEW_STATUSES]),
    /** Rating 1 to 5. */
    rating: p.smallint(),
    head: p.string().length(200),
    para: p.text(),
    ...recordVersion,
  },
});
export class EcommerceReview extends EcommerceReviewSchema.class {}
EcommerceReviewSchema.setClass(EcommerceReview);

export const EcommerceReferralSchema = defineEntity({
  name: 'EcommerceReferral',
  tableName: 'ecommerce_referrals',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    user: p.string().length(120),
    email: p.string().length(254),
    avatar: p.text(),
    referredId: p.integer(),
    status: p.enum([...REFERRAL_STATUSES]),
    value: p.decimal('number').precision(12).scale(2),
    earning: p.decimal('number').precision(12).scale(2),
  },
});
export class EcommerceReferral extends EcommerceReferralSchema.class {}
EcommerceReferralSchema.setClass(EcommerceReferral);

export const EcommerceOrderSchema = defineEntity({
  name: 'EcommerceOrder',
  tableName: 'ecommerce_orders',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    orderNumber: p.integer(),
    customer: p.string().length(120),
    email: p.string().length(254),
    avatar: p.text(),
    /** Payment state code 1 to 4 (PAYMENT); agrees with the status (statusFitsPayment). */
    payment: p.smallint(),
    status: p.enum([...ORDER_STATUSES]),
    /** The order's total: its lines' sum plus shipping and tax. */
    spent: p.decimal('number').precision(12).scale(2),
    method: p.enum([...PAYMENT_METHODS]),
    orderedAt: p.datetime(),
    methodNumber: p.smallint(),
    shipping: p.decimal('number').precision(12).scale(2).default(0),
    tax: p.decimal('number').precision(12).scale(2).default(0),
    shippingAddress: p.json<TOrderAddress>().nullable(),
    billingAddress: p.json<TOrderAddress>().nullable(),
    ...recordVersion,
  },
  uniques: [{ properties: ['tenant', 'orderNumber'] }],
});
export class EcommerceOrder extends EcommerceOrderSchema.class {}
EcommerceOrderSchema.setClass(EcommerceOrder);

export const EcommerceCustomerSchema = defineEntity({
  name: 'EcommerceCustomer',
  tableName: 'ecommerce_customers',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    customer: p.string().length(120),
    /** The customer number shown and looked up (not the row id). */
    customerId: p.integer(),
    email: p.string().length(254),
    country: p.string().length(80),
    /** Two-letter lowercase ISO code. */
    countryCode: p.string().length(2),
    orderCount: p.integer(),
    totalSpent: p.decimal('number').precision(12).scale(2),
    avatar: p.text(),
    contact: p.string().length(40),
  },
  uniques: [{ properties: ['tenant', 'customerId'] }],
});
export class EcommerceCustomer extends EcommerceCustomerSchema.class {}
EcommerceCustomerSchema.setClass(EcommerceCustomer);

/** One line of an order: what was sold, as it was named and priced then (the product may change or go). */
export const EcommerceOrderLineSchema = defineEntity({
  name: 'EcommerceOrderLine',
  tableName: 'ecommerce_order_lines',
  properties: {
    ...baseProperties,
    order: () => p.manyToOne(EcommerceOrder).deleteRule('cascade'),
    /** 1, 2, … in the order's display order. */
    position: p.smallint(),
    productName: p.string().length(160),
    sku: p.string().length(64),
    /** In dollars. */
    unitPrice: p.decimal('number').precision(12).scale(2),
    quantity: p.integer(),
  },
  uniques: [{ properties: ['order', 'position'] }],
  checks: [{ name: 'ecommerce_order_lines_quantity_check', expression: 'quantity > 0' }],
});
export class EcommerceOrderLine extends EcommerceOrderLineSchema.class {}
EcommerceOrderLineSchema.setClass(EcommerceOrderLine);

/** One move of an order's status (who, when, from and to); the history of the order details page. */
export const EcommerceOrderEventSchema = defineEntity({
  name: 'EcommerceOrderEvent',
  tableName: 'ecommerce_order_events',
  properties: {
    ...baseProperties,
    order: () => p.manyToOne(EcommerceOrder).deleteRule('cascade').index(),
    fromStatus: p.enum([...ORDER_STATUSES]).nullable(),
    toStatus: p.enum([...ORDER_STATUSES]),
    /** The name of who moved it. */
    byName: p.string().length(120),
  },
});
export class EcommerceOrderEvent extends EcommerceOrderEventSchema.class {}
EcommerceOrderEventSchema.setClass(EcommerceOrderEvent);

/** The store settings of one customer's shop (a demo tenant); absent until first saved. */
export const EcommerceSettingsSchema = defineEntity({
  name: 'EcommerceSettings',
  tableName: 'ecommerce_settings',
  properties: {
    ...baseProperties,
    tenant: () => p.manyToOne(DemoTenant).deleteRule('cascade').unique(),
    /** Validated by ZShopSettingsFields on every write. */
    data: p.json<TShopSettingsFields>(),
    ...recordVersion,
  },
});
export class EcommerceSettings extends EcommerceSettingsSchema.class {}
EcommerceSettingsSchema.setClass(EcommerceSettings);
