import { z } from 'zod';
import {
  ZCalendarEvent,
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
      .input(ZListCalendarEventsInput.optional())
      .output(z.array(ZCalendarEvent))
      .query(({ ctx, input }) => listEvents(ctx, input ?? {})),
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
      .output(z.object({ id: z.number() }))
      .mutation(async ({ ctx, input }) => {
        await deleteEvent(ctx, input);
        return { id: input.id };
      }),
  }),
});
