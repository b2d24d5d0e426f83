import { defineEntity, p } from '@mikro-orm/core';
import { RECEIVED_PAYMENT_STATUSES, SALES_PAYMENT_STATUSES } from '../../../../shared/schemas/pages.ts';
import { baseProperties } from '../../../db/base.entity.ts';
import { User } from '../../organization/users/user.entity.ts';
import { DemoTenant } from '../provision/demo-tenant.entity.ts';

/** A row of the sales datatable demo: a sale of one product to one buyer. */
export const SalesRowSchema = defineEntity({
  name: 'SalesRow',
  tableName: 'sales_rows',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    productId: p.integer(),
    productName: p.string().length(200),
    slug: p.string().length(200),
    brand: p.string().length(120),
    category: p.string().length(120),
    price: p.decimal('number').precision(10).scale(2),
    image: p.text(),
    hasFreeShipping: p.boolean(),
    rating: p.smallint(),
    description: p.text(),
    soldOn: p.date(),
    buyerName: p.string().length(120),
    buyerAvatar: p.text(),
    paymentTotal: p.decimal('number').precision(10).scale(2),
    receivedPaymentStatus: p.enum([...RECEIVED_PAYMENT_STATUSES]),
    paidAmount: p.decimal('number').precision(10).scale(2),
    paymentStatus: p.enum([...SALES_PAYMENT_STATUSES]),
  },
  indexes: [{ properties: ['tenant', 'soldOn', 'id'] }],
  checks: [{ name: 'sales_rows_rating_check', expression: '((rating >= 1) AND (rating <= 5))' }],
});
export class SalesRow extends SalesRowSchema.class {}
SalesRowSchema.setClass(SalesRow);

/** A group of questions on the FAQ page. */
export const FaqGroupSchema = defineEntity({
  name: 'FaqGroup',
  tableName: 'faq_groups',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    title: p.string().length(120),
    icon: p.string().length(60),
    subtitle: p.string().length(200),
    position: p.integer(),
  },
  uniques: [{ properties: ['tenant', 'position'] }],
});
export class FaqGroup extends FaqGroupSchema.class {}
FaqGroupSchema.setClass(FaqGroup);

export const FaqQuestionSchema = defineEntity({
  name: 'FaqQuestion',
  tableName: 'faq_questions',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    group: () => p.manyToOne(FaqGroup).deleteRule('cascade'),
    question: p.string().length(300),
    answer: p.text(),
    position: p.integer(),
  },
  uniques: [{ properties: ['group', 'position'] }],
});
export class FaqQuestion extends FaqQuestionSchema.class {}
FaqQuestionSchema.setClass(FaqQuestion);

/** A help-center category. */
export const HelpCategorySchema = defineEntity({
  name: 'HelpCategory',
  tableName: 'help_categories',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    slug: p.string().length(120),
    title: p.string().length(120),
    icon: p.string().length(60),
    position: p.integer(),
  },
  uniques: [{ properties: ['tenant', 'slug'] }],
  indexes: [{ properties: ['tenant', 'position'] }],
});
export class HelpCategory extends HelpCategorySchema.class {}
HelpCategorySchema.setClass(HelpCategory);

export const HelpArticleSchema = defineEntity({
  name: 'HelpArticle',
  tableName: 'help_articles',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    category: () => p.manyToOne(HelpCategory).deleteRule('cascade'),
    slug: p.string().length(120),
    title: p.string().length(200),
    subtitle: p.string().length(300),
    icon: p.string().length(60),
    /** Position among the popular articles; null when not featured. */
    popularRank: p.integer().nullable(),
    position: p.integer(),
    content: p.text(),
  },
  uniques: [{ properties: ['category', 'position'] }, { properties: ['tenant', 'slug'] }],
  indexes: [{ properties: ['tenant', 'popularRank'] }],
});
export class HelpArticle extends HelpArticleSchema.class {}
HelpArticleSchema.setClass(HelpArticle);

/** Structured page content kept as JSON under a key (profile sections, help-center links). */
export const PageContentSchema = defineEntity({
  name: 'PageContent',
  tableName: 'page_contents',
  properties: {
    ...baseProperties,
    /** The demo tenant whose copy this row is; null for the seeded samples every copy is made from. */
    tenant: () => p.manyToOne(DemoTenant).nullable().deleteRule('cascade'),
    key: p.string().length(80),
    data: p.json<unknown>(),
  },
  uniques: [{ properties: ['tenant', 'key'] }],
});
export class PageContent extends PageContentSchema.class {}
PageContentSchema.setClass(PageContent);

/**
 * A user's own answer to a card of the sample profile's connections tab: connected or not, overriding
 * the sample's `isConnected` for that user only. One row per user and card name.
 */
export const ProfileConnectionSchema = defineEntity({
  name: 'ProfileConnection',
  tableName: 'profile_connections',
  properties: {
    ...baseProperties,
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    name: p.string().length(120),
    connected: p.boolean(),
  },
  uniques: [{ properties: ['owner', 'name'] }],
});
export class ProfileConnection extends ProfileConnectionSchema.class {}
ProfileConnectionSchema.setClass(ProfileConnection);
