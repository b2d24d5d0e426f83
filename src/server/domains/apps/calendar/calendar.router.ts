import { z } from 'zod';
import {
  ZCalendarEvent,
  ZCreateCalendarEventInput,
  ZListCalendarEventsInput,
  ZUpdateCalendarEventInput,
} from '../../../../shared/schemas/calendar.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import { abilityProcedure, router } from '../../../trpc/init.ts';
import { createEvent, deleteEvent, listEvents, updateEvent } from './calendar.service.ts';

const demo = abilityProcedure('read', 'DemoApp');

export const calendarRouter = router({
  events: router({
    list: demo
      .input(ZListCalendarEventsInput.optional())
      .output(z.array(ZCalendarEvent))
      .query(({ ctx, input }) => listEvents(ctx, input ?? {})),
    create: demo
      .input(ZCreateCalendarEventInput)
      .output(ZCalendarEvent)
      .mutation(({ ctx, input }) => createEvent(ctx, input)),
    update: demo
      .input(ZUpdateCalendarEventInput)
      .output(ZCalendarEvent)
      .mutation(({ ctx, input }) => updateEvent(ctx, input)),
    delete: demo
      .input(ZByIdInput)
      .output(z.object({ id: z.number() }))
      .mutation(async ({ ctx, input }) => {
        await deleteEvent(ctx, input);
        return { id: input.id };
      }),
  }),
});
