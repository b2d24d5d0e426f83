// tRPC: apps.calendar.events.* over the same services as REST.
import {
  ZCalendarEvent,
  ZCalendarEventDeleted,
  ZCalendarEvents,
  ZCreateCalendarEventInput,
  ZListCalendarEventsInput,
  ZUpdateCalendarEventInput,
} from '../../../../shared/schemas/calendar.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { createEvent, deleteEvent, listEvents, updateEvent } from './calendar.service.ts';

export const calendarRouter = router({
  events: router({
    list: authedProcedure
      .input(ZListCalendarEventsInput.prefault({}))
      .output(ZCalendarEvents)
      .query(({ ctx, input }) => listEvents(ctx, input)),
    create: authedProcedure
      .input(ZCreateCalendarEventInput)
      .output(ZCalendarEvent)
      .mutation(({ ctx, input }) => createEvent(ctx, input)),
    update: authedProcedure
      .input(ZUpdateCalendarEventInput)
      .output(ZCalendarEvent)
      .mutation(({ ctx, input }) => updateEvent(ctx, input)),
    delete: authedProcedure
      .input(ZByIdInput)
      .output(ZCalendarEventDeleted)
      .mutation(({ ctx, input }) => deleteEvent(ctx, input)),
  }),
});
