// Seeds the demo data: calls one seeder per area, in dependency order. Deterministic (fixed seeds).
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { AccountsSeeder } from './accounts.seeder.ts';
import { AcademySeeder } from './apps/academy.seeder.ts';
import { CalendarSeeder } from './apps/calendar.seeder.ts';
import { ChatSeeder } from './apps/chat.seeder.ts';
import { PagesSeeder } from './apps/content.seeder.ts';
import { ShopAndDirectoryDemoSeeder } from './apps/demo-apps-a.seeder.ts';
import { EmailSeeder } from './apps/email.seeder.ts';
import { SearchSeeder } from './apps/search.seeder.ts';
import { BusinessSeeder } from './business.seeder.ts';
import { CorrectiveActionsSeeder } from './corrective-actions.seeder.ts';
import { NotificationsSeeder } from './notifications.seeder.ts';
import { WorkflowSeeder } from './workflow.seeder.ts';

export class DatabaseSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    await this.call(em, [AccountsSeeder]);
    await this.call(em, [BusinessSeeder]);
    await this.call(em, [WorkflowSeeder]);
    await this.call(em, [CorrectiveActionsSeeder]);
    await this.call(em, [NotificationsSeeder]);
    await this.call(em, [AcademySeeder]);
    await this.call(em, [ShopAndDirectoryDemoSeeder]);
    await this.call(em, [CalendarSeeder]);
    await this.call(em, [ChatSeeder]);
    await this.call(em, [EmailSeeder]);
    await this.call(em, [PagesSeeder]);
    await this.call(em, [SearchSeeder]);
  }
}
