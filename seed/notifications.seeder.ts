// A handful of notifications per demo account (some read), so the navbar's list, unread count and
// mark-as-read flows have data. Deterministic: fixed faker seed, dates relative to now.
//
// Honest links: a notification links only to a page that exists and its recipient may open. Each
// template names the ability it is about (the subject its page asks to read, or the action it reports),
// and a user receives only templates their role has; the pages of tasks, projects, reports and files
// are not built yet, so nothing is said about them (src/client/shell/shell-links.test.ts checks every
// seeded link against the client's route table, for every demo account).

import { faker } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { User } from '../src/server/domains/organization/users/user.entity.ts';
import { Notification } from '../src/server/domains/platform/notifications/notification.entity.ts';
import { type Action, abilityFor, type Subject } from '../src/shared/abilities/index.ts';

interface Template {
  title: string;
  body: (name: string) => string;
  /** An in-app path, or null. */
  link: string | null;
  /** Who receives it: those who may take this action on this subject (the link's page asks `read`). */
  audience: [Action, Subject] | null;
}

/** What the product tells people about. */
const TEMPLATES: Template[] = [
  {
    title: 'Scheme revised',
    body: () => 'An inspection scheme you use has a new revision with two extra questions.',
    link: '/management/schemes',
    audience: ['read', 'Scheme'],
  },
  {
    title: 'License renewal due',
    body: () => 'A customer license expires in 30 days.',
    link: '/business/licenses',
    audience: ['read', 'License'],
  },
  {
    title: 'Location added',
    body: (n) => `${n} added a location to your area; it can now be planned for inspections.`,
    link: '/management/location-setting',
    audience: ['read', 'Location'],
  },
  {
    title: 'Team changed',
    body: (n) => `${n} joined one of your teams.`,
    link: '/management/teams',
    audience: ['read', 'Team'],
  },
  {
    title: 'Invitation accepted',
    body: (n) => `${n} accepted the invitation and signed in for the first time.`,
    link: '/management/users',
    audience: ['update', 'User'],
  },
  {
    title: 'Directions reorganised',
    body: () => 'Two sub-directions moved to another direction; their locations kept their codes.',
    link: '/management/directions',
    audience: ['read', 'Direction'],
  },
  {
    title: 'Your access',
    body: () => 'See what your role may do in each area of Opsdesk.',
    link: '/access-control',
    audience: ['read', 'AclDemo'],
  },
  {
    title: 'Welcome to Opsdesk',
    body: () => 'Press Ctrl+K to find pages, people and places, and ? for every keyboard shortcut.',
    link: null,
    audience: ['read', 'DemoApp'],
  },
  {
    title: 'Password changed',
    body: () => 'Your password was changed. If this was not you, contact your administrator.',
    link: null,
    audience: null,
  },
  {
    title: 'New sign-in',
    body: () => 'Your account signed in from a new browser. If this was not you, change your password.',
    link: null,
    audience: null,
  },
];

export class NotificationsSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    faker.seed(4004);
    const users = await em.find(User, {}, { orderBy: { id: 'asc' } });
    const now = Date.now();
    for (const user of users) {
      const ability = abilityFor({ id: user.id, role: user.role, customerId: user.customer?.id ?? null });
      const theirs = TEMPLATES.filter((template) => !template.audience || ability.can(...template.audience));
      const count = faker.number.int({ min: 5, max: 8 });
      const picks = faker.helpers.shuffle([...theirs]).slice(0, count);
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
