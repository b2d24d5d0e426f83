// /apps/calendar: the caller's own copy of the sample calendar in month, week, day and list views,
// filtered by the five categories; events are created and edited in a dialog, moved and resized by
// drag and drop (saved at once, put back when the server refuses) and deleted after a confirmation.
// First day of the week and direction follow the language (WorkCalendar's FullCalendar locale).
// Callers who may read tasks also see their own inspection slots as a read-only category.
import type { DateSelectArg, EventChangeArg } from '@fullcalendar/core';
import type FullCalendar from '@fullcalendar/react';
import { PlusIcon } from '@primer/octicons-react';
import { Button, Checkbox, FormControl, Heading, Spinner, TextInput } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type {
  TCalendarCategory,
  TCalendarEvent,
  TReplaceCalendarEventBody,
} from '../../../../shared/schemas/calendar.ts';
import { NoticeArea, useNotice } from '../../../components/ListPage/index.ts';
import { QueryError } from '../../../components/QueryError/index.ts';
import { EventText, eventClasses, WorkCalendar } from '../../../components/WorkCalendar/WorkCalendar.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/media.ts';
import { useSession } from '../../../lib/session.tsx';
import { trpc } from '../../../lib/trpc.ts';
import {
  CALENDAR_CATEGORIES,
  CATEGORY_TONES,
  type EventFormValues,
  eventValues,
  localDay,
  movedInput,
  newEventValues,
  toEventSource,
} from './calendar-model.ts';
import { EventDialog } from './EventDialog.tsx';
import classes from './CalendarPage.module.css';

const VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listMonth'] as const;
/** Most inspection slots read for the visible range. */
const TASK_CAP = 500;

type Editing = { event: TCalendarEvent | null; initial: EventFormValues };

export default function CalendarPage() {
  const { t } = useTranslation('calendar');
  const errorText = useErrorText();
  const phone = useMediaQuery(PHONE_QUERY);
  const notices = useNotice();
  const utils = trpc.useUtils();
  const calendarRef = useRef<FullCalendar>(null);
  const jumpId = useId();
  const [shown, setShown] = useState<TCalendarCategory[]>([...CALENDAR_CATEGORIES]);
  const [range, setRange] = useState<{ from: Date; to: Date } | null>(null);
  const [jumpTo, setJumpTo] = useState(localDay(new Date()));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const input = { calendars: shown, from: range?.from, to: range?.to };
  const events = trpc.apps.calendar.events.list.useQuery(input, {
    enabled: !!range,
    placeholderData: keepPreviousData,
  });
  const create = trpc.apps.calendar.events.create.useMutation();
  const update = trpc.apps.calendar.events.update.useMutation();
  const remove = trpc.apps.calendar.events.delete.useMutation();
  // The caller's inspection slots in view: read-only, opened on their task page.
  const { ability } = useSession();
  const [, navigate] = useLocation();
  // Any rule that lets the caller read some tasks (an inspector reads only their own: a conditional rule).
  const mayTasks = ability.can('read', 'Task');
  const [showTasks, setShowTasks] = useState(true);
  const tasks = trpc.tasks.list.useQuery(
    {
      mine: true,
      from: range?.from,
      to: range?.to,
      page: 1,
      itemsPerPage: TASK_CAP,
      sortBy: 'startsAt',
      orderBy: 'asc',
    },
    { enabled: mayTasks && showTasks && !!range, placeholderData: keepPreviousData },
  );
  const taskSources = useMemo(
    () =>
      mayTasks && showTasks
        ? (tasks.data?.items ?? []).map((task) => ({
            id: `task-${task.id}`,
            title: `${task.location.code} · ${task.location.name}`,
            start: task.startsAt,
            end: task.endsAt,
            editable: false,
            classNames: eventClasses('cancelled'),
            extendedProps: { taskId: task.id },
          }))
        : [],
    [mayTasks, showTasks, tasks.data],
  );
  // "View all" covers the inspections too, when the caller has them.
  const allShown = shown.length === CALENDAR_CATEGORIES.length && (!mayTasks || showTasks);
  const noneShown = shown.length === 0 && !(mayTasks && showTasks);
  const byId = useMemo(() => new Map((events.data ?? []).map((e) => [String(e.id), e])), [events.data]);
  const sources = useMemo(
    () => (events.data ?? []).map((e) => toEventSource(e, eventClasses(CATEGORY_TONES[e.extendedProps.calendar]))),
    [events.data],
  );

  const toggle = (c: TCalendarCategory, on: boolean) =>
    setShown((s) => CALENDAR_CATEGORIES.filter((x) => (x === c ? on : s.includes(x))));

  const save = async (data: TReplaceCalendarEventBody) => {
    const saved = editing?.event
      ? await update.mutateAsync({ ...data, id: editing.event.id })
      : await create.mutateAsync(data);
    await utils.apps.calendar.events.list.invalidate();
    notices.success(editing?.event ? t('saved', { title: saved.title }) : t('added', { title: saved.title }));
  };

  const deleteEvent = (event: TCalendarEvent) =>
    notices.run(
      async () => {
        await remove.mutateAsync({ id: event.id });
        await utils.apps.calendar.events.list.invalidate();
      },
      t('deleted', { title: event.title }),
    );

  // Drag and drop or resize: FullCalendar already shows the change; it is saved at once and put back on refusal.
  const onChange = (arg: EventChangeArg) => {
    const event = byId.get(arg.event.id);
    if (!event || !arg.event.start) return arg.revert();
    update.mutate(movedInput(event, arg.event.start, arg.event.end, arg.event.allDay), {
      onSuccess: (saved) => {
        setAnnouncement(t('moved', { title: saved.title }));
        void utils.apps.calendar.events.list.invalidate();
      },
      onError: (error) => {
        arg.revert();
        notices.failure(error);
        // A conflict means another tab changed it: show the stored event.
        void utils.apps.calendar.events.list.invalidate();
      },
    });
  };

  const openNew = (arg?: DateSelectArg) => {
    setEditing({
      event: null,
      initial: newEventValues(
        arg ? { start: arg.start, end: arg.end, allDay: arg.allDay } : undefined,
        shown[0] ?? 'Business',
      ),
    });
    calendarRef.current?.getApi().unselect();
  };

  const jump = (value: string) => {
    setJumpTo(value);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) calendarRef.current?.getApi().gotoDate(value);
  };

  return (
    <div className={classes.page}>
      <Heading as="h1" className={classes.title}>
        {t('title')}
      </Heading>
      <div role="status" aria-live="polite" className={classes.visuallyHidden}>
        {announcement}
      </div>
      <div className={classes.layout}>
        <aside className={classes.sidebar} aria-label={t('sidebar')}>
          <Button variant="primary" leadingVisual={PlusIcon} block onClick={() => openNew()}>
            {t('addEvent')}
          </Button>
          <FormControl id={jumpId}>
            <FormControl.Label>{t('jumpTo')}</FormControl.Label>
            <TextInput type="date" block value={jumpTo} onChange={(e) => jump(e.target.value)} />
          </FormControl>
          <fieldset className={classes.filters}>
            <legend>{t('filters')}</legend>
            <FormControl>
              <Checkbox
                checked={allShown}
                indeterminate={!allShown && !noneShown}
                onChange={(e) => {
                  setShown(e.target.checked ? [...CALENDAR_CATEGORIES] : []);
                  setShowTasks(e.target.checked);
                }}
              />
              <FormControl.Label>{t('viewAll')}</FormControl.Label>
            </FormControl>
            {CALENDAR_CATEGORIES.map((c) => (
              <FormControl key={c}>
                <Checkbox value={c} checked={shown.includes(c)} onChange={(e) => toggle(c, e.target.checked)} />
                <FormControl.Label>
                  <span className={classes.swatch} data-tone={CATEGORY_TONES[c]} aria-hidden="true" />
                  {t(`categories.${c}`)}
                </FormControl.Label>
              </FormControl>
            ))}
            {mayTasks && (
              <FormControl>
                <Checkbox checked={showTasks} onChange={(e) => setShowTasks(e.target.checked)} />
                <FormControl.Label>
                  <span className={classes.swatch} data-tone="cancelled" aria-hidden="true" />
                  {t('myInspections')}
                </FormControl.Label>
                <FormControl.Caption>{t('readOnly')}</FormControl.Caption>
              </FormControl>
            )}
          </fieldset>
        </aside>
        <div className={classes.main}>
          <NoticeArea notices={notices} />
          {events.error && <QueryError title={t('loadFailed')} error={events.error} onRetry={events.refetch} />}
          {tasks.error && (
            <p className={classes.errorText}>{t('tasksFailed', { message: errorText.error(tasks.error) })}</p>
          )}
          {noneShown ? (
            <p className={classes.hint}>{t('noCategory')}</p>
          ) : (
            events.isFetching && (
              <div className={classes.loading}>
                <Spinner size="small" srText={null} /> {t('loading')}
              </div>
            )
          )}
          <WorkCalendar
            ref={calendarRef}
            label={t('calendarLabel')}
            initialView={phone ? 'listMonth' : 'dayGridMonth'}
            headerToolbar={
              phone
                ? { start: 'prev,next', center: 'title', end: 'today' }
                : { start: 'prev,next today', center: 'title', end: VIEWS.join(',') }
            }
            footerToolbar={phone ? { center: VIEWS.join(',') } : undefined}
            events={[...sources, ...taskSources]}
            editable
            selectable
            selectMirror
            eventStartEditable
            eventDurationEditable
            select={openNew}
            eventDrop={onChange}
            eventResize={onChange}
            noEventsContent={t('noEvents')}
            eventContent={(arg) => (
              <EventText
                status={
                  arg.event.extendedProps.taskId
                    ? t('myInspections')
                    : t(`categories.${String(arg.event.extendedProps.calendar)}`)
                }
                title={arg.event.title}
                time={arg.view.type === 'dayGridMonth' && !arg.event.allDay ? arg.timeText : undefined}
                focusable={arg.view.type.startsWith('list')}
              />
            )}
            eventClick={(arg) => {
              arg.jsEvent.preventDefault();
              if (arg.event.extendedProps.taskId)
                return navigate(`/tasks/viewTask/${String(arg.event.extendedProps.taskId)}`);
              const event = byId.get(arg.event.id);
              if (event) setEditing({ event, initial: eventValues(event) });
            }}
            datesSet={(arg) => {
              if (range?.from.getTime() !== arg.start.getTime() || range?.to.getTime() !== arg.end.getTime())
                setRange({ from: arg.start, to: arg.end });
            }}
          />
        </div>
      </div>
      {editing && (
        <EventDialog
          key={editing.event ? `${editing.event.id}:${editing.event.version}` : 'new'}
          event={editing.event}
          initial={editing.initial}
          onSave={save}
          onDelete={() => (editing.event ? deleteEvent(editing.event) : Promise.resolve(false))}
          onReload={async () => {
            const fresh = (await utils.apps.calendar.events.list.fetch()).find((e) => e.id === editing.event?.id);
            if (fresh) setEditing({ event: fresh, initial: eventValues(fresh) });
            return !!fresh;
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
