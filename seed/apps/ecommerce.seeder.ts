// E-commerce demo shop: 50 products, 100 reviews, 45 referrals, 100 orders, 100 shop customers.
// Deterministic: a fixed faker seed; only dates move with `today`. The catalogue texts are our own.
// Orders are placed by the shop's customers: each has lines from the catalogue (its total is their sum
// plus shipping and tax), a shipping and a billing address, a status its payment allows and the history
// that led to it; a customer's order count and total spent are the sums of their orders.
import { base, en, Faker } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import {
  EcommerceCategory,
  EcommerceCustomer,
  EcommerceOrder,
  EcommerceOrderEvent,
  EcommerceOrderLine,
  EcommerceProduct,
  EcommerceReferral,
  EcommerceReview,
} from '../../src/server/domains/apps/ecommerce/ecommerce.entity.ts';
import {
  PAYMENT,
  PAYMENT_METHODS,
  PRODUCT_CATEGORIES,
  PRODUCT_STATUSES,
  REFERRAL_STATUSES,
  REVIEW_STATUSES,
  type TOrderAddress,
  type TOrderStatus,
  type TProductCategory,
} from '../../src/shared/schemas/ecommerce.ts';
import { COUNTRIES, dayOffset, demoEmail, demoPhone } from '../support/demo-data.ts';
import { avatarImage, coverImage } from '../support/demo-images.ts';

export const ECOMMERCE_SEED = 20_260_301;

const CATALOGUE: Record<TProductCategory, { brand: string; names: string[] }[]> = {
  Electronics: [
    { brand: 'Lumora', names: ['Lumora Air 14 Laptop', 'Lumora Pad 11 Tablet', 'Lumora Beam Projector'] },
    { brand: 'Voltix', names: ['Voltix Pro Headphones', 'Voltix Mini Speaker', 'Voltix Studio Microphone'] },
    { brand: 'Orbit', names: ['Orbit Smartwatch S2', 'Orbit 4K Action Camera', 'Orbit Wireless Earbuds'] },
  ],
  Accessories: [
    { brand: 'Carryall', names: ['Carryall Leather Backpack', 'Carryall Travel Organiser', 'Carryall Laptop Sleeve'] },
    { brand: 'Northlane', names: ['Northlane Aviator Sunglasses', 'Northlane Canvas Belt', 'Northlane Wool Scarf'] },
    { brand: 'Keyform', names: ['Keyform Phone Case', 'Keyform Magnetic Charger', 'Keyform Travel Adapter'] },
  ],
  Shoes: [
    { brand: 'Stridewell', names: ['Stridewell Trail Runner', 'Stridewell Court Sneaker', 'Stridewell Daily Walker'] },
    {
      brand: 'Pebble & Oak',
      names: ['Pebble & Oak Chelsea Boot', 'Pebble & Oak Suede Loafer', 'Pebble & Oak Canvas Slip-on'],
    },
    { brand: 'Kinetic', names: ['Kinetic Racing Flat', 'Kinetic Gym Trainer'] },
  ],
  Office: [
    { brand: 'Deskwise', names: ['Deskwise Standing Desk', 'Deskwise Monitor Arm', 'Deskwise Cable Tray'] },
    { brand: 'Inkhouse', names: ['Inkhouse Dotted Notebook', 'Inkhouse Fountain Pen', 'Inkhouse Desk Planner'] },
    { brand: 'Ergon', names: ['Ergon Mesh Office Chair', 'Ergon Wrist Rest'] },
  ],
  'Home Decor': [
    { brand: 'Hearthly', names: ['Hearthly Linen Cushion', 'Hearthly Ceramic Vase', 'Hearthly Woven Throw'] },
    { brand: 'Glimmer', names: ['Glimmer Table Lamp', 'Glimmer String Lights', 'Glimmer Brass Candle Holder'] },
    { brand: 'Rootbound', names: ['Rootbound Planter Set', 'Rootbound Wall Shelf'] },
  ],
  Games: [
    {
      brand: 'Meeple Works',
      names: ['Meeple Works Harbour Traders', 'Meeple Works Castle Siege', 'Meeple Works Star Atlas'],
    },
    {
      brand: 'Pixel Forge',
      names: ['Pixel Forge Retro Console', 'Pixel Forge Arcade Stick', 'Pixel Forge Party Pack'],
    },
    { brand: 'Brainteaser', names: ['Brainteaser 1000 Puzzle', 'Brainteaser Logic Cubes'] },
  ],
};

const REVIEW_TEXTS: Record<number, { head: string[]; para: string[] }> = {
  1: {
    head: ['Not what I expected', 'Stopped working quickly', 'Would not buy again'],
    para: [
      'The finish looked cheap out of the box and it broke within two weeks of normal use.',
      'Support took ages to answer and the replacement had the same fault.',
    ],
  },
  2: {
    head: ['Disappointing quality', 'Okay idea, poor execution'],
    para: [
      'It does the job some days, but the build feels flimsy for the price.',
      'Sizing runs small and the colour differs from the photos.',
    ],
  },
  3: {
    head: ['Decent for the price', 'Does the job', 'Average overall'],
    para: [
      'Nothing special, but it works as described and arrived on time.',
      'Good value, though the instructions could be clearer.',
    ],
  },
  4: {
    head: ['Very good purchase', 'Happy with it', 'Solid and reliable'],
    para: [
      'Well made and comfortable to use every day; one small scratch on arrival.',
      'Does everything I need and the battery lasts longer than I hoped.',
    ],
  },
  5: {
    head: ['Absolutely love it', 'Best purchase this year', 'Exceeded my expectations'],
    para: [
      'Beautiful design, excellent quality, and it arrived a day early. Highly recommended.',
      'I bought a second one as a gift. Works perfectly and looks great.',
    ],
  },
};

export interface EcommerceData {
  products: {
    productName: string;
    productBrand: string;
    category: TProductCategory;
    stock: boolean;
    sku: string;
    price: number;
    qty: number;
    status: (typeof PRODUCT_STATUSES)[number];
    image: string;
  }[];
  reviews: {
    product: string;
    companyName: string;
    productImage: string;
    reviewer: string;
    email: string;
    avatar: string;
    date: string;
    status: (typeof REVIEW_STATUSES)[number];
    rating: number;
    head: string;
    para: string;
  }[];
  referrals: {
    user: string;
    email: string;
    avatar: string;
    referredId: number;
    status: (typeof REFERRAL_STATUSES)[number];
    value: number;
    earning: number;
  }[];
  orders: {
    orderNumber: number;
    customer: string;
    email: string;
    avatar: string;
    payment: number;
    status: TOrderStatus;
    /** The total: the lines' sum plus shipping and tax. */
    spent: number;
    method: (typeof PAYMENT_METHODS)[number];
    orderedAt: Date;
    methodNumber: number;
    shipping: number;
    tax: number;
    shippingAddress: TOrderAddress;
    billingAddress: TOrderAddress;
    lines: { position: number; productName: string; sku: string; unitPrice: number; quantity: number }[];
    /** From placing (to Processing) to the order's status, oldest first. */
    history: { at: Date; fromStatus: TOrderStatus | null; toStatus: TOrderStatus; byName: string }[];
  }[];
  customers: {
    customer: string;
    customerId: number;
    email: string;
    country: string;
    countryCode: string;
    orderCount: number;
    totalSpent: number;
    avatar: string;
    contact: string;
  }[];
}

const money = (n: number) => Math.round(n * 100) / 100;

/** How many lines an order has, and how many of each product. */
const LINE_COUNTS = [
  { weight: 5, value: 1 },
  { weight: 4, value: 2 },
  { weight: 2, value: 3 },
  { weight: 1, value: 4 },
];
const QUANTITIES = [
  { weight: 6, value: 1 },
  { weight: 3, value: 2 },
  { weight: 1, value: 3 },
];
/** The shop settings' defaults: $5 shipping, free from $100. */
const FLAT_SHIPPING = 5;
const FREE_SHIPPING_OVER = 100;
const TAX_RATE = 0.08;

/**
 * The statuses an order went through, from Processing (placed) to where it is: a paid order may have
 * left the shop, one whose payment is pending or failed waits in Processing, a cancelled payment is a
 * cancelled order (statusFitsPayment).
 */
function statusPath(f: Faker, payment: number): TOrderStatus[] {
  if (payment === PAYMENT.cancelled) return ['Processing', 'Cancelled'];
  if (payment !== PAYMENT.paid) return ['Processing'];
  return f.helpers.weightedArrayElement<TOrderStatus[]>([
    { weight: 2, value: ['Processing'] },
    { weight: 3, value: ['Processing', 'Dispatched'] },
    { weight: 3, value: ['Processing', 'Dispatched', 'Out for Delivery'] },
    { weight: 2, value: ['Processing', 'Dispatched', 'Ready to Pickup'] },
    { weight: 7, value: ['Processing', 'Dispatched', 'Out for Delivery', 'Delivered'] },
    { weight: 3, value: ['Processing', 'Dispatched', 'Ready to Pickup', 'Delivered'] },
  ]);
}

/** The shop's sample data for `seed`; dates relative to `today`. */
export function generateEcommerce(seed = ECOMMERCE_SEED, today = new Date()): EcommerceData {
  const f = new Faker({ locale: [en, base] });
  f.seed(seed);

  const catalogue = Object.entries(CATALOGUE).flatMap(([category, brands]) =>
    brands.flatMap((b) => b.names.map((name) => ({ category: category as TProductCategory, brand: b.brand, name }))),
  );
  const skus = f.helpers.uniqueArray(() => f.number.int({ min: 10_000, max: 99_999 }), catalogue.length);
  const products = catalogue.map((item, i) => {
    const qty = f.helpers.weightedArrayElement([
      { weight: 1, value: 0 },
      { weight: 5, value: f.number.int({ min: 1, max: 900 }) },
    ]);
    return {
      productName: item.name,
      productBrand: item.brand,
      category: item.category,
      stock: qty > 0,
      sku: String(skus[i]),
      price: money(f.number.float({ min: 4, max: item.category === 'Electronics' ? 1800 : 400, fractionDigits: 2 })),
      qty,
      status: f.helpers.arrayElement(PRODUCT_STATUSES),
      image: coverImage(item.name),
    };
  });

  const people = (count: number) =>
    Array.from({ length: count }, () => {
      const firstName = f.person.firstName();
      const lastName = f.person.lastName();
      return { name: `${firstName} ${lastName}`, email: demoEmail(f, firstName, lastName) };
    });

  const reviews = people(100).map((person) => {
    const product = f.helpers.arrayElement(products);
    const rating = f.helpers.weightedArrayElement([
      { weight: 1, value: 1 },
      { weight: 1, value: 2 },
      { weight: 2, value: 3 },
      { weight: 3, value: 4 },
      { weight: 3, value: 5 },
    ]);
    return {
      product: product.productName,
      companyName: product.productBrand,
      productImage: product.image,
      reviewer: person.name,
      email: person.email,
      avatar: avatarImage(person.name),
      date: dayOffset(today, -f.number.int({ min: 0, max: 180 })),
      status: f.helpers.arrayElement(REVIEW_STATUSES),
      rating,
      head: f.helpers.arrayElement(REVIEW_TEXTS[rating].head),
      para: f.helpers.arrayElement(REVIEW_TEXTS[rating].para),
    };
  });

  const referredIds = f.helpers.uniqueArray(() => f.number.int({ min: 1000, max: 9999 }), 45);
  const referrals = people(45).map((person, i) => {
    const value = money(f.number.float({ min: 200, max: 9000, fractionDigits: 2 }));
    return {
      user: person.name,
      email: person.email,
      avatar: avatarImage(person.name),
      referredId: referredIds[i],
      status: f.helpers.arrayElement(REFERRAL_STATUSES),
      value,
      earning: money(value * f.helpers.arrayElement([0.05, 0.08, 0.1, 0.12])),
    };
  });

  const customerIds = f.helpers.uniqueArray(() => f.number.int({ min: 100_000, max: 999_999 }), 100);
  const shoppers = people(100).map((person, i) => {
    const [country, countryCode] = f.helpers.arrayElement(COUNTRIES);
    return {
      customer: person.name,
      customerId: customerIds[i],
      email: person.email,
      country,
      countryCode,
      avatar: f.datatype.boolean({ probability: 0.7 }) ? avatarImage(person.name) : '',
      contact: demoPhone(f),
    };
  });
  const staff = people(4).map((person) => person.name);

  const address = (name: string, country: string, countryCode: string): TOrderAddress => ({
    name,
    street: f.location.streetAddress(),
    city: f.location.city(),
    postalCode: f.location.zipCode(),
    country,
    countryCode,
  });

  const orderNumbers = f.helpers.uniqueArray(() => f.number.int({ min: 5000, max: 9999 }), 100);
  const orders = orderNumbers.map((orderNumber) => {
    const buyer = f.helpers.arrayElement(shoppers);
    const payment = f.helpers.weightedArrayElement([
      { weight: 14, value: PAYMENT.paid },
      { weight: 2, value: PAYMENT.pending },
      { weight: 2, value: PAYMENT.failed },
      { weight: 2, value: PAYMENT.cancelled },
    ]);
    const path = statusPath(f, payment);

    // Amounts in cents, so the total is exactly its parts.
    const lines = f.helpers.arrayElements(products, f.helpers.weightedArrayElement(LINE_COUNTS)).map((product, i) => ({
      position: i + 1,
      productName: product.productName,
      sku: product.sku,
      unitPrice: product.price,
      quantity: f.helpers.weightedArrayElement(QUANTITIES),
    }));
    const subtotal = lines.reduce((sum, line) => sum + Math.round(line.unitPrice * 100) * line.quantity, 0);
    const shipping = subtotal >= FREE_SHIPPING_OVER * 100 ? 0 : FLAT_SHIPPING * 100;
    const tax = Math.round(subtotal * TAX_RATE);

    // Each move a few hours to two days after the last; the order is placed early enough for its
    // whole history to lie before today.
    const gaps = path.slice(1).map(() => f.number.int({ min: 2 * 60, max: 40 * 60 }));
    const spanMinutes = gaps.reduce((sum, g) => sum + g, 0);
    const daysAgo = f.number.int({ min: 1 + Math.ceil(spanMinutes / (24 * 60)), max: 120 });
    const orderedAt = new Date(`${dayOffset(today, -daysAgo)}T00:00:00Z`);
    orderedAt.setUTCHours(f.number.int({ min: 7, max: 22 }), f.number.int({ min: 0, max: 59 }));
    let at = orderedAt.getTime();
    const history = path.map((toStatus, i) => {
      if (i > 0) at += gaps[i - 1] * 60_000;
      return {
        at: new Date(at),
        fromStatus: i === 0 ? null : path[i - 1],
        toStatus,
        byName: i === 0 ? buyer.customer : f.helpers.arrayElement(staff),
      };
    });

    const shippingAddress = address(buyer.customer, buyer.country, buyer.countryCode);
    const billingAddress = f.datatype.boolean({ probability: 0.75 })
      ? shippingAddress
      : address(buyer.customer, buyer.country, buyer.countryCode);
    return {
      orderNumber,
      customer: buyer.customer,
      email: buyer.email,
      avatar: buyer.avatar,
      payment,
      status: path[path.length - 1],
      spent: (subtotal + shipping + tax) / 100,
      method: f.helpers.arrayElement(PAYMENT_METHODS),
      orderedAt,
      methodNumber: f.number.int({ min: 1000, max: 9999 }),
      shipping: shipping / 100,
      tax: tax / 100,
      shippingAddress,
      billingAddress,
      lines,
      history,
    };
  });

  // A customer's total spent is what their paid orders came to; their order count, every order.
  const customers = shoppers.map((shopper) => {
    const theirs = orders.filter((o) => o.email === shopper.email);
    const paid = theirs.filter((o) => o.payment === PAYMENT.paid);
    const cents = paid.reduce((sum, o) => sum + Math.round(o.spent * 100), 0);
    return { ...shopper, orderCount: theirs.length, totalSpent: cents / 100 };
  });

  return { products, reviews, referrals, orders, customers };
}

export class EcommerceSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    const data = generateEcommerce();
    for (const name of PRODUCT_CATEGORIES) em.create(EcommerceCategory, { name, description: '' });
    for (const row of data.products) em.create(EcommerceProduct, row);
    for (const row of data.reviews) em.create(EcommerceReview, row);
    for (const row of data.referrals) em.create(EcommerceReferral, row);
    for (const { lines, history, ...row } of data.orders) {
      const order = em.create(EcommerceOrder, row);
      for (const line of lines) em.create(EcommerceOrderLine, { ...line, order });
      for (const { at, ...event } of history)
        em.create(EcommerceOrderEvent, { ...event, order, createdAt: at, updatedAt: at });
    }
    await em.flush();
    // After the orders: the trigger that keeps a customer's sums adds only to customers already there.
    for (const row of data.customers) em.create(EcommerceCustomer, row);
    await em.flush();
  }
}
