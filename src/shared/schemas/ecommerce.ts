// E-commerce demo app: products, categories, reviews, referrals, orders, shop customers, store settings
// and the dashboards' figures.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { listInput, listOutput, ZId } from './common.ts';

/* Products */
export const PRODUCT_CATEGORIES = ['Electronics', 'Accessories', 'Shoes', 'Office', 'Home Decor', 'Games'] as const;
export type TProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const PRODUCT_STATUSES = ['Inactive', 'Published', 'Scheduled'] as const;
export type TProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_SORT_KEYS = ['product', 'category', 'status', 'price', 'qty', 'sku'] as const;
export type TProductSortKey = (typeof PRODUCT_SORT_KEYS)[number];

export const ZListProductsInput = listInput(PRODUCT_SORT_KEYS, {
  category: z.string().trim().min(1).max(60).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  stock: z.boolean().optional(),
});
export type TListProductsInput = z.infer<typeof ZListProductsInput>;

export const ZProduct = z.object({
  id: z.number().int(),
  productName: z.string(),
  productBrand: z.string(),
  /** The name of one of the shop's categories. */
  category: z.string(),
  stock: z.boolean(),
  sku: z.string(),
  /** Currency-prefixed, e.g. "$249.99" (parse by dropping the first character). */
  price: z.string(),
  qty: z.number().int(),
  status: z.enum(PRODUCT_STATUSES),
  image: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;
export const ZProductList = listOutput(ZProduct);
export type TProductList = z.infer<typeof ZProductList>;

/** A stock-keeping unit as shops write them ("TSH-RED-XL", "10023"): letters, digits, "-", "_" and ".". */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
export const ZSku = z.string().trim().min(1, msg('shop.skuRequired')).max(64).regex(SKU_PATTERN, msg('shop.skuChars'));

/** One product as the add / edit page reads it (price a number, in dollars). */
export const ZProductDetail = z.object({
  id: z.number().int(),
  productName: z.string(),
  productBrand: z.string(),
  category: z.string(),
  description: z.string(),
  stock: z.boolean(),
  sku: z.string(),
  price: z.number(),
  discount: z.number().int(),
  qty: z.number().int(),
  status: z.enum(PRODUCT_STATUSES),
  image: z.string(),
  /** The gallery in display order; `image` is its first. */
  images: z.array(z.string()),
  version: z.number().int(),
});
export type TProductDetail = z.infer<typeof ZProductDetail>;

/**
 * A product as written: without `id` a new one; with `version`, one changed since is CONFLICT. In stock
 * means some quantity: `stock` with `qty` 0 is refused on `stock`.
 */
export const ZSaveProductInput = z
  .object({
    id: ZId.optional(),
    productName: z.string().trim().min(1).max(160),
    productBrand: z.string().trim().max(120).default(''),
    category: z.string().trim().min(1).max(60),
    description: z.string().max(5000).default(''),
    stock: z.boolean(),
    sku: ZSku,
    price: z.number().min(0).max(1_000_000_000).multipleOf(0.01),
    discount: z.number().int().min(0).max(100).default(0),
    qty: z.number().int().min(0).max(2_000_000_000),
    status: z.enum(PRODUCT_STATUSES),
    /** The image URL shown in lists (an uploaded file's, e.g. /api/files/12/content). */
    image: z.string().max(2000).default(''),
    /** The gallery in display order (at most 8); when given, `image` becomes its first. */
    images: z.array(z.string().trim().min(1).max(2000)).max(8).default([]),
    version: z.number().int().min(1).max(2_147_483_647).optional(),
  })
  .superRefine((product, ctx) => {
    if (product.stock && product.qty === 0)
      ctx.addIssue({ code: 'custom', path: ['stock'], message: msg('shop.stockWithoutQuantity') });
  });
export type TSaveProductInput = z.infer<typeof ZSaveProductInput>;

/* Categories */
export const CATEGORY_SORT_KEYS = ['name', 'products', 'value'] as const;
export const ZListCategoriesInput = listInput(CATEGORY_SORT_KEYS, {});
export type TListCategoriesInput = z.infer<typeof ZListCategoriesInput>;

/** A category with how many products use it and their stock value (price times quantity, dollars). */
export const ZCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  productCount: z.number().int(),
  totalValue: z.number(),
  version: z.number().int(),
});
export type TCategory = z.infer<typeof ZCategory>;
export const ZCategoryList = listOutput(ZCategory);

/** A category as written: without `id` a new one; renaming renames it on its products too. */
export const ZSaveCategoryInput = z.object({
  id: ZId.optional(),
  name: z.string().trim().min(1).max(60),
  description: z.string().max(500).default(''),
  version: z.number().int().min(1).max(2_147_483_647).optional(),
});
export type TSaveCategoryInput = z.infer<typeof ZSaveCategoryInput>;

/* Reviews */
export const REVIEW_STATUSES = ['Published', 'Pending'] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];
/** The review status filter: "All" or one status. */
export const REVIEW_STATUS_FILTERS = ['All', ...REVIEW_STATUSES] as const;
export const REVIEW_SORT_KEYS = ['product', 'reviewer', 'date', 'status'] as const;
export type TReviewSortKey = (typeof REVIEW_SORT_KEYS)[number];

export const ZListReviewsInput = listInput(REVIEW_SORT_KEYS, {
  status: z.enum(REVIEW_STATUS_FILTERS).optional(),
});
export type TListReviewsInput = z.infer<typeof ZListReviewsInput>;

export const ZReview = z.object({
  id: z.number().int(),
  product: z.string(),
  companyName: z.string(),
  productImage: z.string(),
  reviewer: z.string(),
  email: z.string(),
  avatar: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  status: z.enum(REVIEW_STATUSES),
  /** Rating 1 to 5. */
  review: z.number().int().min(1).max(5),
  head: z.string(),
  para: z.string(),
});
export type TReview = z.infer<typeof ZReview>;
/** A review as the tRPC list gives it: with its version (approve and unpublish send it back). */
export const ZReviewRow = ZReview.extend({ version: z.number().int() });
export type TReviewRow = z.infer<typeof ZReviewRow>;
export const ZReviewList = listOutput(ZReviewRow);
export type TReviewList = z.infer<typeof ZReviewList>;

/* Referrals */
export const REFERRAL_STATUSES = ['Unpaid', 'Paid', 'Rejected'] as const;
export type TReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_SORT_KEYS = ['users', 'referred-id', 'earning', 'value', 'status'] as const;
export type TReferralSortKey = (typeof REFERRAL_SORT_KEYS)[number];

export const ZListReferralsInput = listInput(REFERRAL_SORT_KEYS, {});
export type TListReferralsInput = z.infer<typeof ZListReferralsInput>;

export const ZReferral = z.object({
  id: z.number().int(),
  user: z.string(),
  email: z.string(),
  avatar: z.string(),
  referredId: z.number().int(),
  status: z.enum(REFERRAL_STATUSES),
  /** Currency-prefixed, no separators, e.g. "$1250.00". */
  value: z.string(),
  earning: z.string(),
});
export type TReferral = z.infer<typeof ZReferral>;
export const ZReferralList = listOutput(ZReferral);
export type TReferralList = z.infer<typeof ZReferralList>;

/* Orders */
/** An order is Processing once placed (paid or not), Dispatched once it leaves, Cancelled if it never will. */
export const ORDER_STATUSES = [
  'Delivered',
  'Ready to Pickup',
  'Out for Delivery',
  'Dispatched',
  'Processing',
  'Cancelled',
] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];
/** The statuses of an order that has left the shop: only a paid order reaches them. */
export const SHIPPED_STATUSES: readonly TOrderStatus[] = [
  'Dispatched',
  'Out for Delivery',
  'Ready to Pickup',
  'Delivered',
];
/** Payment state codes (the API's 1 to 4). */
export const PAYMENT = { paid: 1, pending: 2, failed: 3, cancelled: 4 } as const;

/**
 * Whether an order's status agrees with its payment: goods leave only once paid, and a cancelled
 * order is a cancelled payment (and back). An order still Processing may be paid, pending or failed.
 */
export function statusFitsPayment(status: TOrderStatus, payment: number): boolean {
  if (SHIPPED_STATUSES.includes(status)) return payment === PAYMENT.paid;
  if (status === 'Cancelled') return payment === PAYMENT.cancelled;
  return payment !== PAYMENT.cancelled;
}
export const PAYMENT_METHODS = ['paypalLogo', 'mastercard'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ORDER_SORT_KEYS = ['order', 'customers', 'date', 'status', 'spent'] as const;
export type TOrderSortKey = (typeof ORDER_SORT_KEYS)[number];

export const ZListOrdersInput = listInput(ORDER_SORT_KEYS, {});
export type TListOrdersInput = z.infer<typeof ZListOrdersInput>;

export const ZOrder = z.object({
  id: z.number().int(),
  order: z.number().int(),
  customer: z.string(),
  email: z.string(),
  avatar: z.string(),
  /** Payment state code 1 to 4. */
  payment: z.number().int().min(1).max(4),
  status: z.enum(ORDER_STATUSES),
  spent: z.number(),
  method: z.enum(PAYMENT_METHODS),
  /** YYYY-MM-DD (UTC) */
  date: z.string(),
  /** HH:MM (UTC) */
  time: z.string(),
  /** Last four digits of the card or account. */
  methodNumber: z.number().int(),
});
export type TOrder = z.infer<typeof ZOrder>;
export const ZOrderList = listOutput(ZOrder);
export type TOrderList = z.infer<typeof ZOrderList>;

/* Shop customers */
export const ECOMMERCE_CUSTOMER_SORT_KEYS = ['customer', 'country', 'customerId', 'orders', 'totalSpent'] as const;
export type TEcommerceCustomerSortKey = (typeof ECOMMERCE_CUSTOMER_SORT_KEYS)[number];

export const ZListEcommerceCustomersInput = listInput(ECOMMERCE_CUSTOMER_SORT_KEYS, {});
export type TListEcommerceCustomersInput = z.infer<typeof ZListEcommerceCustomersInput>;

export const ZEcommerceCustomer = z.object({
  id: z.number().int(),
  customer: z.string(),
  customerId: z.number().int(),
  email: z.string(),
  country: z.string(),
  /** The country's flag (emoji of the regional indicators). */
  countryFlag: z.string(),
  /** Two-letter lowercase ISO code. */
  countryCode: z.string(),
  /** Number of orders. */
  order: z.number().int(),
  /** What their paid orders came to, in dollars (a cancelled, pending or failed order adds nothing). */
  totalSpent: z.number(),
  /** Image, or empty. */
  avatar: z.string(),
});
export type TEcommerceCustomer = z.infer<typeof ZEcommerceCustomer>;
export const ZEcommerceCustomerList = listOutput(ZEcommerceCustomer);
export type TEcommerceCustomerList = z.infer<typeof ZEcommerceCustomerList>;

export const ZEcommerceCustomerDetail = ZEcommerceCustomer.extend({
  status: z.literal('Active'),
  /** How many of their orders are paid (those `totalSpent` adds up). */
  paidOrders: z.number().int(),
  /** The customer's phone number. */
  contact: z.string(),
});
export type TEcommerceCustomerDetail = z.infer<typeof ZEcommerceCustomerDetail>;

/** A shop customer looked up by their customer number (customerId), not the row id. */
export const ZEcommerceCustomerByIdInput = z.object({ customerId: ZId });
export type TEcommerceCustomerByIdInput = z.infer<typeof ZEcommerceCustomerByIdInput>;

/* Writes and summaries of the shop pages */
export const ZShopVersion = z.number().int().positive().max(2_147_483_647);

/** A review approved (Published) or sent back (Pending), from the version the caller read. */
export const ZSetReviewStatusInput = z.object({
  id: ZId,
  status: z.enum(REVIEW_STATUSES),
  version: ZShopVersion.optional(),
});
export type TSetReviewStatusInput = z.infer<typeof ZSetReviewStatusInput>;
export const ZReviewWritten = z.object({
  id: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  version: z.number().int(),
});
export type TReviewWritten = z.infer<typeof ZReviewWritten>;

/** What deleting a category or an order answers: whether a row went (a missing order is no error). */
export const ZShopDeleted = z.object({ deleted: z.boolean() });

/**
 * Where an order may go next: from processing, dispatched (once paid) or cancelled; then out for
 * delivery or ready to pick up, then delivered. Delivered and Cancelled are final. Every move is kept
 * in the order's history.
 */
export const ORDER_STATUS_NEXT: Record<TOrderStatus, readonly TOrderStatus[]> = {
  Processing: ['Dispatched', 'Cancelled'],
  Dispatched: ['Out for Delivery', 'Ready to Pickup'],
  'Out for Delivery': ['Delivered'],
  'Ready to Pickup': ['Delivered'],
  Delivered: [],
  Cancelled: [],
};

export const ZOrderEvent = z.object({
  id: z.number().int(),
  /** null for the order's first known status. */
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  by: z.string(),
  at: z.date(),
});
export type TOrderEvent = z.infer<typeof ZOrderEvent>;

/** One line of an order: the product as it was sold (name and SKU then), its unit price and quantity. */
export const ZOrderLine = z.object({
  position: z.number().int(),
  product: z.string(),
  sku: z.string(),
  /** In dollars. */
  unitPrice: z.number(),
  quantity: z.number().int(),
  /** unitPrice × quantity, in dollars. */
  total: z.number(),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;

/** A postal address of an order (where it goes, who pays). */
export const ZOrderAddress = z.object({
  name: z.string().max(120),
  street: z.string().max(200),
  city: z.string().max(120),
  postalCode: z.string().max(20),
  country: z.string().max(80),
  /** Two-letter lowercase ISO code. */
  countryCode: z.string().length(2),
});
export type TOrderAddress = z.infer<typeof ZOrderAddress>;

export const ZOrderDetail = ZOrder.extend({
  version: z.number().int(),
  /** The shop customer with this order's e-mail (their details page), or null. */
  customerId: z.number().int().nullable(),
  /** From the order's placing, oldest first; its last move is to the order's status. */
  history: z.array(ZOrderEvent),
  lines: z.array(ZOrderLine),
  /** The sum of the lines' totals; with shipping and tax, the order's total (`spent`). In dollars. */
  subtotal: z.number(),
  shipping: z.number(),
  tax: z.number(),
  /** Null for an order that was stored without one. */
  shippingAddress: ZOrderAddress.nullable(),
  billingAddress: ZOrderAddress.nullable(),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;

/** An order looked up by its number (the same in every customer's copy of the shop), not the row id. */
export const ZOrderByNumberInput = z.object({ order: ZId });
export type TOrderByNumberInput = z.infer<typeof ZOrderByNumberInput>;

export const ZSetOrderStatusInput = z.object({
  id: ZId,
  status: z.enum(ORDER_STATUSES),
  version: ZShopVersion.optional(),
});
export type TSetOrderStatusInput = z.infer<typeof ZSetOrderStatusInput>;

/** The shop customer's orders (matched by e-mail), paged. */
export const ZListCustomerOrdersInput = ZListOrdersInput.extend({ customerId: ZId });
export type TListCustomerOrdersInput = z.infer<typeof ZListCustomerOrdersInput>;

/** Product stat cards: counts and stock value of the caller's shop, in SQL. */
export const ZProductStats = z.object({
  total: z.number().int(),
  published: z.number().int(),
  inStock: z.number().int(),
  outOfStock: z.number().int(),
  /** Sum of price × quantity, in dollars. */
  stockValue: z.number(),
});
export type TProductStats = z.infer<typeof ZProductStats>;

/** Referral stat cards. */
export const ZReferralStats = z.object({
  total: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
  rejected: z.number().int(),
  /** Sums in dollars. */
  earnings: z.number(),
  unpaidEarnings: z.number(),
  value: z.number(),
});
export type TReferralStats = z.infer<typeof ZReferralStats>;

/* Store settings, one set per customer's shop */
export const SHOP_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
const money = z.number().min(0).max(1_000_000);
export const ZShopSettingsFields = z.object({
  store: z.object({
    name: z.string().trim().min(1, msg('shop.storeName')).max(120),
    email: z.email(msg('email.invalid')).max(254),
    phone: z.string().trim().max(40),
    address: z.string().trim().max(300),
    currency: z.enum(SHOP_CURRENCIES),
  }),
  payments: z
    .object({ card: z.boolean(), paypal: z.boolean(), cashOnDelivery: z.boolean() })
    .refine((p) => p.card || p.paypal || p.cashOnDelivery, {
      message: msg('shop.paymentMethod'),
      path: ['card'],
    }),
  checkout: z.object({ guestCheckout: z.boolean(), requirePhone: z.boolean(), orderNotes: z.boolean() }),
  shipping: z.object({
    flatRate: money,
    freeOver: money,
    processingDays: z.number().int().min(0).max(60),
  }),
  notifications: z.object({
    newOrder: z.boolean(),
    newReview: z.boolean(),
    lowStock: z.boolean(),
    lowStockThreshold: z.number().int().min(0).max(10_000),
  }),
});
export type TShopSettingsFields = z.infer<typeof ZShopSettingsFields>;
/** The settings as stored; version 0 until first saved (the defaults). */
export const ZShopSettings = ZShopSettingsFields.extend({ version: z.number().int().min(0) });
export type TShopSettings = z.infer<typeof ZShopSettings>;
export const ZUpdateShopSettingsInput = ZShopSettingsFields.extend({
  version: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type TUpdateShopSettingsInput = z.infer<typeof ZUpdateShopSettingsInput>;

export const DEFAULT_SHOP_SETTINGS: TShopSettingsFields = {
  store: { name: 'My shop', email: 'shop@example.com', phone: '', address: '', currency: 'USD' },
  payments: { card: true, paypal: true, cashOnDelivery: false },
  checkout: { guestCheckout: true, requirePhone: false, orderNotes: true },
  shipping: { flatRate: 5, freeOver: 100, processingDays: 2 },
  notifications: { newOrder: true, newReview: true, lowStock: true, lowStockThreshold: 5 },
};

/** The e-commerce dashboard: figures aggregated in SQL over the caller's shop. */
export const ZShopDashboard = z.object({
  /** Sum of every order's amount, in dollars. */
  revenue: z.number(),
  orders: z.number().int(),
  /** Revenue / orders (0 when there are none). */
  averageOrder: z.number(),
  /** Rows of the shop's customer table. */
  customers: z.number().int(),
  /** Revenue and orders per calendar month (UTC, "YYYY-MM"), the 12 months up to the latest order. */
  byMonth: z.array(z.object({ month: z.string(), revenue: z.number(), orders: z.number().int() })),
  /** Orders and revenue per order status. */
  byStatus: z.array(z.object({ status: z.string(), orders: z.number().int(), revenue: z.number() })),
  /** The five products with the highest stock value (price × quantity). */
  topProducts: z.array(
    z.object({
      id: z.number().int(),
      productName: z.string(),
      category: z.string(),
      qty: z.number().int(),
      price: z.number(),
      value: z.number(),
    }),
  ),
});
export type TShopDashboard = z.infer<typeof ZShopDashboard>;

/** The analytics dashboard's sales window: the `weeks` weeks up to the latest order's. */
export const SHOP_SALES_WEEKS = [4, 12, 26, 52] as const;
export const ZShopSalesInput = z.object({ weeks: z.number().int().min(1).max(52).default(12) });
export type TShopSalesInput = z.infer<typeof ZShopSalesInput>;

const ZSalesSum = z.object({ orders: z.number().int(), revenue: z.number(), averageOrder: z.number() });
/** Orders and revenue of the shop over the window, summed in SQL from the per-day rollups. */
export const ZShopSales = z.object({
  weeks: z.number().int(),
  /** First and last day (UTC, "YYYY-MM-DD") of the window; null when the shop has no orders. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The window's totals, and the same number of weeks just before it (for the change). */
  current: ZSalesSum,
  previous: ZSalesSum,
  /** One row per week (its Monday), oldest first, weeks without orders included. */
  byWeek: z.array(ZSalesSum.extend({ week: z.string() })),
  byMethod: z.array(ZSalesSum.extend({ method: z.enum(PAYMENT_METHODS) })),
  /** Payment state code 1 (paid) to 4 (cancelled). */
  byPayment: z.array(ZSalesSum.extend({ payment: z.number().int() })),
  /** ISO day of the week, 1 (Monday) to 7 (Sunday), all seven. */
  byWeekday: z.array(ZSalesSum.extend({ weekday: z.number().int() })),
});
export type TShopSales = z.infer<typeof ZShopSales>;
