// REST (spec sections 7 and 8): GET/POST /api/apps/calendar, PUT/DELETE /api/apps/calendar/{id}.
// An unknown id answers 400 with the text "Something Went Wrong", as the spec's mock does.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  CALENDAR_CATEGORIES,
  ZCreateCalendarEventInput,
  ZListCalendarEventsInput,
  ZUpdateCalendarEventInput,
} from '../../../../shared/schemas/calendar.ts';
import { ZId } from '../../../../shared/schemas/common.ts';
import { AppError, zodFieldErrors } from '../../../lib/app-error.ts';
import { queryString } from '../../../rest/legacy.ts';
import { createEvent, deleteEvent, listEvents, updateEvent } from './calendar.service.ts';

const SOMETHING_WENT_WRONG = 'Something Went Wrong';

function somethingWentWrong(reply: FastifyReply) {
  return reply.code(400).type('text/plain; charset=utf-8').send(SOMETHING_WENT_WRONG);
}

/** `?calendars=A&calendars=B` (also `calendars=A,B`); undefined when absent. */
function calendarsParam(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  return values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

/** Runs `work` for an event id; an id that is not a valid id or not the caller's event gets the spec's 400 text. */
async function withEventId(reply: FastifyReply, rawId: string, work: (id: number) => Promise<void>) {
  const id = ZId.safeParse(rawId);
  if (!id.success) return somethingWentWrong(reply);
  try {
    await work(id.data);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return somethingWentWrong(reply);
    throw error;
  }
  return reply;
}

export const calendarRest: FastifyPluginAsync = async (app) => {
  app.get('/apps/calendar', async (request) => {
    const query = request.query as Record<string, unknown>;
    const input = ZListCalendarEventsInput.safeParse({
      calendars: calendarsParam(query.calendars),
      from: queryString(query.start) || undefined,
      to: queryString(query.end) || undefined,
    });
    if (!input.success) {
      const badCalendars = input.error.issues.some((issue) => issue.path[0] === 'calendars');
      throw new AppError(
        'BAD_REQUEST',
        badCalendars ? `calendars must be among: ${CALENDAR_CATEGORIES.join(', ')}` : 'start and end must be ISO 8601 dates',
        zodFieldErrors(input.error),
      );
    }
    return listEvents(request, input.data);
  });

  app.post('/apps/calendar', async (request, reply) => {
    const event = await createEvent(request, ZCreateCalendarEventInput.parse(request.body ?? {}));
    return reply.code(201).send(event);
  });

  app.put<{ Params: { id: string } }>('/apps/calendar/:id', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const base = typeof body === 'object' && !Array.isArray(body) ? body : {};
    return withEventId(reply, request.params.id, async (id) => {
      const event = await updateEvent(request, ZUpdateCalendarEventInput.parse({ ...base, id }));
      await reply.code(201).send(event);
    });
  });

  app.delete<{ Params: { id: string } }>('/apps/calendar/:id', async (request, reply) =>
    withEventId(reply, request.params.id, async (id) => {
      await deleteEvent(request, { id });
      await reply.code(204).send();
    }),
  );
};
