// REST: GET/POST /api/apps/calendar, PUT/DELETE /api/apps/calendar/{id}.
// An unknown id answers 400 with the text "Something Went Wrong", as the demo API's mock does.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toFieldIssues } from '../../../../shared/errors/issues.ts';
import {
  CALENDAR_CATEGORIES,
  ZCalendarEvent,
  ZCreateCalendarEventInput,
  ZListCalendarEventsInput,
  ZReplaceCalendarEventBody,
} from '../../../../shared/schemas/calendar.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import { AppError, InputError, zodFieldErrors } from '../../../lib/app-error.ts';
import { LegacyAnswer, restInput } from '../../../rest/input.ts';
import { createEvent, deleteEvent, listEvents, updateEvent } from './calendar.service.ts';

/** The demo API's event shape: the version stays a tRPC matter (a REST PUT may still send one back). */
const ZRestEvent = ZCalendarEvent.omit({ version: true });

const somethingWentWrong = () => new LegacyAnswer(400, 'Something Went Wrong', 'text/plain; charset=utf-8');

/** `?calendars=A&calendars=B` (also `calendars=A,B`; present but empty: none) and the period as `start` / `end`. */
const ZCalendarQuery = restInput(ZListCalendarEventsInput, {
  read: ({ calendars, start, end }) => ({
    calendars:
      calendars === undefined
        ? undefined
        : [calendars].flat().flatMap((v) => (typeof v === 'string' ? v.split(',') : [])),
    from: start,
    to: end,
  }),
  invalid: (error) => {
    const badCalendars = error.issues.some((issue) => issue.path[0] === 'calendars');
    const message = badCalendars
      ? `calendars must be among: ${CALENDAR_CATEGORIES.join(', ')}`
      : 'start and end must be ISO 8601 dates';
    return new InputError(message, zodFieldErrors(error), toFieldIssues(error.issues));
  },
  wire: z.object({
    calendars: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe(`Repeated or comma-separated, among: ${CALENDAR_CATEGORIES.join(', ')}`),
    start: z.string().optional().describe('ISO 8601 date: events ending after it'),
    end: z.string().optional().describe('ISO 8601 date: events starting before it'),
  }),
});

/** An id that is not a valid id gets the demo API's 400 text; so does one that is not the caller's event. */
const ZEventId = restInput(ZByIdInput, { invalid: somethingWentWrong });

async function orSomethingWentWrong<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw somethingWentWrong();
    throw error;
  }
}

export const calendarRest: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apps/calendar',
    { schema: { querystring: ZCalendarQuery, response: { 200: z.array(ZRestEvent) } } },
    async (request) => listEvents(request, request.query),
  );

  app.post(
    '/apps/calendar',
    { schema: { body: ZCreateCalendarEventInput, response: { 201: ZRestEvent } } },
    async (request, reply) => reply.code(201).send(await createEvent(request, request.body)),
  );

  // The body is the event without its id, with the version the caller read (optional); the id comes from the path.
  const update = { params: ZEventId, body: ZReplaceCalendarEventBody, response: { 201: ZRestEvent } };
  app.put('/apps/calendar/:id', { schema: update }, async (request, reply) =>
    reply.code(201).send(await orSomethingWentWrong(updateEvent(request, { ...request.body, id: request.params.id }))),
  );

  app.delete('/apps/calendar/:id', { schema: { params: ZEventId } }, async (request, reply) => {
    await orSomethingWentWrong(deleteEvent(request, request.params));
    return reply.code(204).send();
  });
};
