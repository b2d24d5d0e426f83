// The e-commerce, invoice, users, permissions, logistics and analytics demo data, in one call.
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { AnalyticsSeeder } from './analytics.seeder.ts';
import { DemoUsersSeeder } from './demo-users.seeder.ts';
import { EcommerceSeeder } from './ecommerce.seeder.ts';
import { InvoiceSeeder } from './invoice.seeder.ts';
import { LogisticsSeeder } from './logistics.seeder.ts';

export class ShopAndDirectoryDemoSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    await this.call(em, [EcommerceSeeder, InvoiceSeeder, DemoUsersSeeder, LogisticsSeeder, AnalyticsSeeder]);
  }
}
