// Calendar demo app. Each user works on their own copy of the sample calendar (made on first use),
// so every role that may read DemoApp may also change it: the changes are theirs alone.

import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  TCalendarEvent,
  TCalendarEventDeleted,
  TCreateCalendarEventInput,
  TListCalendarEventsInput,
  TUpdateCalendarEventInput,
} from '../../../../shared/schemas/calendar.ts';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { assertCurrent } from '../../../lib/records.ts';
import { withTransaction } from '../../../lib/scope.ts';
import { type CopyOwner, now, openDemoCopy, shiftedToToday } from '../provision/demo-provision.service.ts';
import { CalendarEvent } from './calendar.entity.ts';

async function copySampleCalendar(em: EntityManager, owner: CopyOwner): Promise<void> {
  await db(em)
    .insertInto('calendar_events')
    .columns([
      'owner_id',
      'title',
      'url',
      'starts_at',
      'ends_at',
      'all_day',
      'calendar',
      'location',
      'description',
      'guests',
      'created_at',
      'updated_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('calendar_events as e')
        .select((eb) => [
          eb.val(owner.id).as('owner_id'),
          'e.title',
          'e.url',
          shiftedToToday(eb.ref('e.starts_at'), eb.ref('e.created_at')).as('starts_at'),
          shiftedToToday(eb.ref('e.ends_at'), eb.ref('e.created_at')).as('ends_at'),
          'e.all_day',
          'e.calendar',
          'e.location',
          'e.description',
          'e.guests',
          now().as('created_at'),
          now().as('updated_at'),
        ])
        .where('e.owner_id', 'is', null)
        .orderBy('e.id'),
    )
    .execute();
}

/** Authorizes (read DemoApp) and makes sure the caller's calendar exists. */
function openCalendar(ctx: ServiceContext): Promise<AuthedContext> {
  return openDemoCopy(ctx, 'calendar', copySampleCalendar);
}

function toEvent(row: CalendarEvent): TCalendarEvent {
  return {
    id: row.id,
    version: row.version,
    url: row.url,
    title: row.title,
    start: row.start,
    end: row.end,
    allDay: row.allDay,
    extendedProps: { calendar: row.calendar, location: row.location, description: row.description, guests: row.guests },
  };
}

/**
 * The caller's own event, or NOT_FOUND (also for another user's event: its existence is not revealed).
 * With `lock`, its row is locked until the transaction ends and read fresh, so the version compared next
 * is the stored one.
 */
async function ownEvent(ctx: AuthedContext, id: number, lock = false): Promise<CalendarEvent> {
  const event = await ctx.em.findOne(
    CalendarEvent,
    { id, owner: ctx.user.id },
    lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {},
  );
  if (!event) throw new AppError('NOT_FOUND', 'calendar.noEvent');
  return event;
}

/** The caller's events in the given categories (all when none given), optionally within a period, by start. */
export async function listEvents(ctx: ServiceContext, input: TListCalendarEventsInput): Promise<TCalendarEvent[]> {
  const authed = await openCalendar(ctx);
  const rows = await authed.em.find(
    CalendarEvent,
    {
      owner: authed.user.id,
      ...(input.calendars ? { calendar: { $in: input.calendars } } : {}),
      ...(input.to ? { start: { $lte: input.to } } : {}),
      ...(input.from ? { end: { $gte: input.from } } : {}),
    },
    { orderBy: { start: 'asc', id: 'asc' } },
  );
  return rows.map(toEvent);
}

function fields(input: TCreateCalendarEventInput) {
  return {
    title: input.title,
    url: input.url,
    start: input.start,
    end: input.end ?? input.start,
    allDay: input.allDay,
    calendar: input.extendedProps.calendar,
    location: input.extendedProps.location,
    description: input.extendedProps.description,
    guests: input.extendedProps.guests,
  };
}

/** Adds an event to the caller's calendar and returns it with its new id. Any role that may read DemoApp. */
export async function createEvent(ctx: ServiceContext, input: TCreateCalendarEventInput): Promise<TCalendarEvent> {
  const authed = await openCalendar(ctx);
  const event = authed.em.create(CalendarEvent, { owner: authed.user.id, ...fields(input) });
  await authed.em.flush();
  return toEvent(event);
}

/**
 * Replaces an event of the caller's calendar; NOT_FOUND when it is not theirs or does not exist, CONFLICT
 * when `version` is given and the event changed since (another tab, or a drag after an edit elsewhere).
 */
export async function updateEvent(ctx: ServiceContext, input: TUpdateCalendarEventInput): Promise<TCalendarEvent> {
  const authed = await openCalendar(ctx);
  return withTransaction(authed, async (tx) => {
    const event = await ownEvent(tx, input.id, true);
    assertCurrent(event, input.version, 'Event');
    tx.em.assign(event, fields(input));
    await tx.em.flush();
    return toEvent(event);
  });
}

/** Deletes an event of the caller's calendar; NOT_FOUND when it is not theirs or does not exist. */
export async function deleteEvent(ctx: ServiceContext, input: TByIdInput): Promise<TCalendarEventDeleted> {
  const authed = await openCalendar(ctx);
  const event = await ownEvent(authed, input.id);
  authed.em.remove(event);
  await authed.em.flush();
  return { id: input.id };
}
