// Sample calendar (template rows without an owner; each user gets a copy on first use, moved to today).
// Events spread from three weeks ago to five weeks ahead, in every category. Deterministic.
import { faker } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { CalendarEvent } from '../../src/server/domains/apps/calendar/calendar.entity.ts';
import type { TCalendarCategory } from '../../src/shared/schemas/calendar.ts';

const IDEAS: Record<TCalendarCategory, string[]> = {
  Business: [
    'Quarterly review with Acme',
    'Supplier call',
    'Store audit debrief',
    'Sales pipeline sync',
    'Budget planning',
    'Client onboarding',
  ],
  Holiday: ['Company day off', 'Summer break', 'Long weekend', 'Office closed'],
  Personal: ['Dentist appointment', 'Yoga class', 'Car service', 'Language lesson', 'Run club'],
  Family: ['School play', 'Dinner with parents', 'Birthday party', 'Weekend trip'],
  ETC: ['Pick up parcel', 'Renew badge', 'Team lunch', 'Library returns'],
};
const PLACES = ['Head office, room 2', 'Online', 'Lyon store', 'Berlin warehouse', 'City centre', ''];

/** Midnight today (UTC), so the samples line up with calendar days. */
function today(): Date {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return d;
}

export class CalendarSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    faker.seed(3202);
    const base = today();
    const categories = Object.keys(IDEAS) as TCalendarCategory[];
    for (let i = 0; i < 30; i++) {
      const calendar = categories[i % categories.length];
      const dayOffset = faker.number.int({ min: -21, max: 35 });
      const allDay = calendar === 'Holiday' || faker.datatype.boolean({ probability: 0.2 });
      const start = new Date(base.getTime() + dayOffset * 86_400_000);
      let end: Date;
      if (allDay) {
        end = new Date(start.getTime() + faker.number.int({ min: 1, max: 3 }) * 86_400_000);
      } else {
        start.setUTCHours(faker.number.int({ min: 8, max: 17 }), faker.helpers.arrayElement([0, 15, 30, 45]));
        end = new Date(start.getTime() + faker.helpers.arrayElement([30, 45, 60, 90, 120]) * 60_000);
      }
      em.create(CalendarEvent, {
        owner: null,
        title: faker.helpers.arrayElement(IDEAS[calendar]),
        url:
          calendar === 'Business' && i % 3 === 0
            ? `https://meet.example.com/${faker.string.alphanumeric(8).toLowerCase()}`
            : '',
        start,
        end,
        allDay,
        calendar,
        location: faker.helpers.arrayElement(PLACES),
        description: calendar === 'Business' ? 'Agenda shared in the team channel the day before.' : '',
        guests:
          calendar === 'Business' || calendar === 'Family'
            ? faker.helpers.multiple(() => faker.person.fullName(), { count: { min: 1, max: 3 } })
            : [],
      });
    }
    await em.flush();
  }
}
