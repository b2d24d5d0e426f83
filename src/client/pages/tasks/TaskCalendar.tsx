import type { EventInput } from '@fullcalendar/core';
import { Text } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TListTasksInput } from '../../../shared/schemas/tasks.ts';
import { toWallTime } from '../../../shared/time/wall-clock.ts';
import { TASK_STATUSES } from '../../../shared/workflow/statuses.ts';
import {
  CALENDAR_VIEWS,
  CalendarLegend,
  EventText,
  eventClasses,
  type TCalendarView,
  WorkCalendar,
} from '../../components/WorkCalendar/WorkCalendar.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { dayStart } from './task-filters.ts';
import classes from './Tasks.module.css';

/** Most tasks the calendar reads for its visible range (the list's page size cap). */
const RANGE_CAP = 1000;

const DAY_MS = 24 * 3600_000;

/**
 * The tasks' slots by month, week or as a week's list: events coloured by status with the status in
 * words, read for the visible range only (within the list's own date filter). The view and the shown
 * date are in the URL.
 */
export function TaskCalendar({
  input,
  view,
  date,
  onRangeChange,
  onOpen,
}: {
  input: Partial<TListTasksInput>;
  view: string | undefined;
  date: string | undefined;
  onRangeChange: (view: TCalendarView, date: string) => void;
  onOpen: (taskId: number) => void;
}) {
  const { t } = useTranslation('workflow');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const narrow = typeof window !== 'undefined' && window.matchMedia('(max-width: 600px)').matches;
  const initialView: TCalendarView = (CALENDAR_VIEWS as readonly string[]).includes(view ?? '')
    ? (view as TCalendarView)
    : narrow
      ? 'listWeek'
      : 'timeGridWeek';
  const [range, setRange] = useState<{ from: Date; to: Date } | null>(null);
  // The visible range, narrowed by the list's own from/to filter.
  const from = range && input.from && input.from > range.from ? input.from : range?.from;
  const to = range && input.to && input.to < range.to ? input.to : range?.to;
  const { page: _page, itemsPerPage: _size, from: _from, to: _to, ...filters } = input;
  const tasks = trpc.tasks.list.useQuery(
    { ...filters, from, to, page: 1, itemsPerPage: RANGE_CAP, sortBy: 'startsAt', orderBy: 'asc' },
    { enabled: !!range && !!from && !!to && from < to, placeholderData: keepPreviousData },
  );
  const events: EventInput[] = (tasks.data?.items ?? []).map((task) => ({
    id: String(task.id),
    // Drawn in UTC at the location's wall time: each visit reads on its place's clock.
    start: toWallTime(task.startsAt, task.timeZone),
    end: toWallTime(task.endsAt, task.timeZone),
    title: `${task.location.code} · ${task.location.name}`,
    classNames: eventClasses(task.status),
    extendedProps: { status: t(`taskStatus.${task.status}`), inspector: task.assignee?.name },
  }));

  return (
    <div className={classes.calendarBody}>
      <CalendarLegend
        label={t('calendar.legend')}
        items={TASK_STATUSES.map((s) => ({ tone: s, label: t(`taskStatus.${s}`) }))}
      />
      <Text as="p" className={classes.muted}>
        {t('calendar.locationClock')}
      </Text>
      {(tasks.data?.total ?? 0) > RANGE_CAP && (
        <Text as="p" className={classes.muted}>
          {t('calendar.capped', { shown: fmt.number(RANGE_CAP), total: fmt.number(tasks.data?.total ?? 0) })}
        </Text>
      )}
      {tasks.error && (
        <Text as="p" role="alert" className={classes.errorText}>
          {errorText.error(tasks.error)}
        </Text>
      )}
      <WorkCalendar
        label={t('tasks.calendarLabel')}
        initialView={initialView}
        initialDate={dayStart(date) ? date : new Date().toISOString().slice(0, 10)}
        timeZone="UTC"
        headerToolbar={{ start: 'prev,next today', center: 'title', end: CALENDAR_VIEWS.join(',') }}
        events={events}
        eventContent={(arg) => (
          <EventText
            status={String(arg.event.extendedProps.status ?? '')}
            title={arg.event.title}
            time={arg.view.type === 'dayGridMonth' ? arg.timeText : undefined}
            focusable={arg.view.type.startsWith('list')}
          />
        )}
        eventClick={(arg) => {
          arg.jsEvent.preventDefault();
          onOpen(Number(arg.event.id));
        }}
        datesSet={(arg) => {
          // The drawn days are wall days: a day either side covers every zone's instants.
          const start = new Date(arg.start.getTime() - DAY_MS);
          const end = new Date(arg.end.getTime() + DAY_MS);
          if (range?.from.getTime() !== start.getTime() || range?.to.getTime() !== end.getTime())
            setRange({ from: start, to: end });
          const shown = arg.view.currentStart.toISOString().slice(0, 10);
          if (arg.view.type !== view || shown !== date) onRangeChange(arg.view.type as TCalendarView, shown);
        }}
      />
    </div>
  );
}
