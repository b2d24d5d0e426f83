// E-commerce demo shop: 50 products, 100 reviews, 45 referrals, 100 orders, 100 shop customers.
// Deterministic: a fixed faker seed; only dates move with `today`. The catalogue texts are our own.
import { base, en, Faker } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import {
  EcommerceCategory,
  EcommerceCustomer,
  EcommerceOrder,
  EcommerceProduct,
  EcommerceReferral,
  EcommerceReview,
} from '../../src/server/domains/apps/ecommerce/ecommerce.entity.ts';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PRODUCT_CATEGORIES,
  PRODUCT_STATUSES,
  REFERRAL_STATUSES,
  REVIEW_STATUSES,
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
    status: (typeof ORDER_STATUSES)[number];
    spent: number;
    method: (typeof PAYMENT_METHODS)[number];
    orderedAt: Date;
    methodNumber: number;
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

  const orderNumbers = f.helpers.uniqueArray(() => f.number.int({ min: 5000, max: 9999 }), 100);
  const orders = people(100).map((person, i) => {
    const orderedAt = new Date(`${dayOffset(today, -f.number.int({ min: 0, max: 120 }))}T00:00:00Z`);
    orderedAt.setUTCHours(f.number.int({ min: 7, max: 22 }), f.number.int({ min: 0, max: 59 }));
    return {
      orderNumber: orderNumbers[i],
      customer: person.name,
      email: person.email,
      avatar: f.datatype.boolean({ probability: 0.75 }) ? avatarImage(person.name) : '',
      payment: f.number.int({ min: 1, max: 4 }),
      status: f.helpers.arrayElement(ORDER_STATUSES),
      spent: money(f.number.float({ min: 10, max: 1000, fractionDigits: 2 })),
      method: f.helpers.arrayElement(PAYMENT_METHODS),
      orderedAt,
      methodNumber: f.number.int({ min: 1000, max: 9999 }),
    };
  });

  const customerIds = f.helpers.uniqueArray(() => f.number.int({ min: 100_000, max: 999_999 }), 100);
  const customers = people(100).map((person, i) => {
    const [country, countryCode] = f.helpers.arrayElement(COUNTRIES);
    const orderCount = f.number.int({ min: 1, max: 60 });
    return {
      customer: person.name,
      customerId: customerIds[i],
      email: person.email,
      country,
      countryCode,
      orderCount,
      totalSpent: money(orderCount * f.number.float({ min: 12, max: 180, fractionDigits: 2 })),
      avatar: f.datatype.boolean({ probability: 0.7 }) ? avatarImage(person.name) : '',
      contact: demoPhone(f),
    };
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
    for (const row of data.orders) em.create(EcommerceOrder, row);
    for (const row of data.customers) em.create(EcommerceCustomer, row);
    await em.flush();
  }
}
