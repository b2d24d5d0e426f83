// A handful of notifications per demo account (some read), so the navbar's list, unread count and
// mark-as-read flows have data. Deterministic: fixed faker seed, dates relative to now.
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { faker } from '@faker-js/faker';
import { Notification } from '../src/server/domains/platform/notifications/notification.entity.ts';
import { User } from '../src/server/domains/organization/users/user.entity.ts';

/** What the product tells people about; `link` is an in-app path. */
const TEMPLATES: { title: string; body: (name: string) => string; link: string | null }[] = [
  { title: 'Task assigned to you', body: (n) => `${n} assigned you a location check for this week.`, link: '/tasks' },
  { title: 'Report ready', body: () => 'The location ranking report you asked for has finished.', link: '/reports' },
  { title: 'Project updated', body: (n) => `${n} changed the schedule of a project you follow.`, link: '/projects' },
  { title: 'New file shared', body: (n) => `${n} uploaded inspection photos to your team folder.`, link: '/files' },
  { title: 'Scheme revised', body: () => 'An inspection scheme you use has a new revision with two extra questions.', link: '/management/schemes' },
  { title: 'License renewal due', body: () => 'A customer license expires in 30 days.', link: '/business/licenses' },
  { title: 'Welcome to Opsdesk', body: () => 'Use Ctrl+K to search pages, and the gear button to change the theme and layout.', link: null },
  { title: 'Password changed', body: () => 'Your password was changed. If this was not you, contact your administrator.', link: null },
];

export class NotificationsSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    faker.seed(4004);
    const users = await em.find(User, {}, { orderBy: { id: 'asc' } });
    const now = Date.now();
    for (const user of users) {
      const count = faker.number.int({ min: 5, max: 8 });
      const picks = faker.helpers.shuffle([...TEMPLATES]).slice(0, count);
      picks.forEach((template, i) => {
        // Newest first by index; the three newest stay unread, the rest are read.
        const createdAt = new Date(now - (i * 7 + faker.number.int({ min: 1, max: 6 })) * 3600_000);
        em.create(Notification, {
          user,
          title: template.title,
          body: template.body(faker.person.fullName()),
          link: template.link,
          readAt: i < 3 ? null : new Date(createdAt.getTime() + 1800_000),
          createdAt,
          updatedAt: createdAt,
        });
      });
    }
    await em.flush();
  }
}
