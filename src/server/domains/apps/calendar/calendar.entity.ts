import { defineEntity, p } from '@mikro-orm/core';
import { CALENDAR_CATEGORIES } from '../../../../shared/schemas/calendar.ts';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { User } from '../../organization/users/user.entity.ts';

/**
 * An event of a user's demo calendar. Rows without an owner are the seeded samples that each user's
 * calendar is copied from on first use (see demo-apps/demo-provision.service.ts). `version` guards an
 * edit made from a stale copy (two tabs, or a drag in one tab after an edit in another).
 */
export const CalendarEventSchema = defineEntity({
  name: 'CalendarEvent',
  tableName: 'calendar_events',
  properties: {
    ...baseProperties,
    ...recordVersion,
    owner: () => p.manyToOne(User).nullable().deleteRule('cascade'),
    title: p.string().length(200),
    url: p.string().length(500).default(''),
    start: p.datetime().fieldName('starts_at'),
    end: p.datetime().fieldName('ends_at'),
    allDay: p.boolean().default(false),
    calendar: p.enum([...CALENDAR_CATEGORIES]),
    location: p.string().length(200).default(''),
    description: p.text().default(''),
    guests: p.array().default([]),
  },
  indexes: [{ properties: ['owner', 'calendar', 'start'] }],
  checks: [{ name: 'calendar_events_period_check', expression: '(ends_at >= starts_at)' }],
});

export class CalendarEvent extends CalendarEventSchema.class {}
CalendarEventSchema.setClass(CalendarEvent);
