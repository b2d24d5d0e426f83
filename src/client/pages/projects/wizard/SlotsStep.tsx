import type { EventInput } from '@fullcalendar/core';
import type FullCalendar from '@fullcalendar/react';
import { PlusIcon } from '@primer/octicons-react';
import { Button, Checkbox, CheckboxGroup, FormControl, Radio, RadioGroup, Text, TextInput } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAssignment } from '../../../../shared/schemas/assignments.ts';
import type { TProject } from '../../../../shared/schemas/projects.ts';
import {
  type TGenerateSlotsResult,
  type TSlot,
  WEEKDAY_CODES,
  ZGenerateSlotsInput,
} from '../../../../shared/schemas/slots.ts';
import { fromWallTime, toWallTime } from '../../../../shared/time/wall-clock.ts';
import { Field, formClasses, NumberInput, useZodForm } from '../../../components/FormDialog/index.ts';
import {
  CalendarLegend,
  EventText,
  eventClasses,
  WorkCalendar,
} from '../../../components/WorkCalendar/WorkCalendar.tsx';
import { useCan } from '../../../lib/can.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { SlotDialog, type SlotDialogTarget } from './SlotDialog.tsx';
import { type RecurrenceValues, readRecurrence, storeRecurrence, toGenerateInput, type Weekday } from './slot-forms.ts';
import type { StepProps } from './wizard-types.ts';
import classes from './Wizard.module.css';

/** Most slots the calendar reads for its visible range. */
const RANGE_CAP = 1000;

/**
 * Step 5: plan the visits. Generate slots from a recurrence (weekdays every N weeks, or each
 * assignment's visits spread over the period), previewed on the calendar first; then adjust by hand:
 * drag a slot to move it, open it to move or delete it, click a day (or "Add a visit") to add one.
 */
const DAY_MS = 24 * 3600_000;

export function SlotsStep({
  project,
  assignments,
  notices,
}: StepProps & { project: TProject; assignments: TAssignment[] }) {
  const { t, i18n } = useTranslation('workflow');
  const fmt = useFormatters();
  const can = useCan();
  const utils = trpc.useUtils();
  const calendar = useRef<FullCalendar>(null);
  const generate = trpc.slots.generate.useMutation();
  const move = trpc.slots.update.useMutation();
  const [preview, setPreview] = useState<TGenerateSlotsResult | null>(null);
  const [range, setRange] = useState<{ from: Date; to: Date } | null>(null);
  const [target, setTarget] = useState<SlotDialogTarget | null>(null);
  const mode = useRef<'preview' | 'generate'>('preview');
  const mayPlan = can('create', 'Slot');

  const form = useZodForm<typeof ZGenerateSlotsInput, RecurrenceValues>(
    ZGenerateSlotsInput,
    () => readRecurrence(project.id),
    (v) => toGenerateInput(project.id, v, mode.current === 'preview'),
  );
  useEffect(() => storeRecurrence(project.id, form.values), [project.id, form.values]);

  const total = trpc.slots.list.useQuery({ projectId: project.id, itemsPerPage: 1 });
  const slots = trpc.slots.list.useQuery(
    { projectId: project.id, from: range?.from, to: range?.to, itemsPerPage: RANGE_CAP, sortBy: 'startsAt' },
    { enabled: !!range, placeholderData: keepPreviousData },
  );
  const byAssignment = useMemo(() => new Map(assignments.map((a) => [a.id, a])), [assignments]);
  // The calendar is drawn in UTC with each visit at its location's wall time: every visit reads on its
  // place's clock, whatever the browser's zone (the same clock the generator's preferred time uses).
  const zoneOf = (assignmentId: number) => byAssignment.get(assignmentId)?.location.timeZone ?? 'UTC';
  const titleOf = (assignmentId: number) => {
    const a = byAssignment.get(assignmentId);
    return a ? `${a.location.code} · ${a.location.name}` : `#${assignmentId}`;
  };

  const submit = (which: 'preview' | 'generate') => {
    mode.current = which;
    return form.handleSubmit(async (data) => {
      const result = await generate.mutateAsync(data);
      if (which === 'preview') {
        setPreview(result);
        const first = result.preview[0];
        if (first) calendar.current?.getApi().gotoDate(toWallTime(first.startsAt, zoneOf(first.assignmentId)));
        return;
      }
      setPreview(null);
      const past = result.ended + result.started;
      await Promise.all([
        utils.slots.invalidate(),
        utils.assignments.invalidate(),
        utils.projects.invalidate(),
        utils.tasks.invalidate(),
      ]);
      notices.success(
        [
          t('wizard.slots.generated', {
            count: result.created,
            n: fmt.number(result.created),
            existing: fmt.number(result.existing),
            skipped: fmt.number(result.skipped),
          }),
          past > 0 && t('wizard.slots.pastLeftOut', { count: past, n: fmt.number(past) }),
        ]
          .filter(Boolean)
          .join(' '),
        past > 0 ? { variant: 'info' } : undefined,
      );
    })();
  };

  const events: EventInput[] = [
    ...(slots.data?.items ?? []).map((slot) => ({
      id: String(slot.id),
      start: toWallTime(slot.startsAt, zoneOf(slot.assignmentId)),
      end: toWallTime(slot.endsAt, zoneOf(slot.assignmentId)),
      title: titleOf(slot.assignmentId),
      classNames: eventClasses(slot.taskStatus),
      editable: mayPlan && slot.taskStatus === 'scheduled',
      extendedProps: { slot, status: t(`taskStatus.${slot.taskStatus}`) },
    })),
    ...(preview?.preview ?? []).map((p, index) => ({
      id: `preview-${index}`,
      start: toWallTime(p.startsAt, zoneOf(p.assignmentId)),
      end: toWallTime(p.endsAt, zoneOf(p.assignmentId)),
      title: titleOf(p.assignmentId),
      classNames: eventClasses('preview'),
      editable: false,
      extendedProps: { status: t('wizard.slots.previewStatus') },
    })),
  ];

  const weekdays = useMemo(() => {
    // Monday 2024-01-01 onwards, named in the language.
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'long' });
    return WEEKDAY_CODES.map((code, index) => ({ code, label: format.format(new Date(2024, 0, 1 + index)) }));
  }, [i18n.language]);

  const values = form.values;
  // Visits left out because their start has passed (over, or under way): never planned, always said.
  const previewPast = preview ? preview.ended + preview.started : 0;
  const toggleDay = (code: Weekday, on: boolean) =>
    form.patch({ byWeekday: on ? [...values.byWeekday, code] : values.byWeekday.filter((d) => d !== code) }, [
      'recurrence.byWeekday',
      'recurrence',
    ]);

  return (
    <div className={classes.stack}>
      <Text as="p" aria-live="polite">
        {t('wizard.slots.count', { count: total.data?.total ?? 0, n: fmt.number(total.data?.total ?? 0) })}
      </Text>
      {mayPlan && (
        <form
          noValidate
          className={classes.panel}
          aria-labelledby="generate-title"
          onSubmit={(e) => {
            e.preventDefault();
            e.stopPropagation();
            void submit('preview');
          }}
        >
          <h3 id="generate-title" className={classes.panelTitle}>
            {t('wizard.slots.generateTitle')}
          </h3>
          <RadioGroup name="kind" onChange={(value) => value && form.set('kind', value as RecurrenceValues['kind'])}>
            <RadioGroup.Label>{t('wizard.slots.pattern')}</RadioGroup.Label>
            <FormControl>
              <Radio value="weekly" checked={values.kind === 'weekly'} onChange={() => form.set('kind', 'weekly')} />
              <FormControl.Label>{t('wizard.slots.weekly')}</FormControl.Label>
              <FormControl.Caption>{t('wizard.slots.weeklyHint')}</FormControl.Caption>
            </FormControl>
            <FormControl>
              <Radio value="spread" checked={values.kind === 'spread'} onChange={() => form.set('kind', 'spread')} />
              <FormControl.Label>{t('wizard.slots.spread')}</FormControl.Label>
              <FormControl.Caption>{t('wizard.slots.spreadHint')}</FormControl.Caption>
            </FormControl>
          </RadioGroup>
          {values.kind === 'weekly' && (
            <>
              <CheckboxGroup>
                <CheckboxGroup.Label>{t('wizard.slots.weekdays')}</CheckboxGroup.Label>
                <div className={classes.weekdays}>
                  {weekdays.map((day) => (
                    <FormControl key={day.code}>
                      <Checkbox
                        value={day.code}
                        checked={values.byWeekday.includes(day.code)}
                        onChange={(e) => toggleDay(day.code, e.target.checked)}
                      />
                      <FormControl.Label>{day.label}</FormControl.Label>
                    </FormControl>
                  ))}
                </div>
                {form.error('recurrence.byWeekday') && (
                  <CheckboxGroup.Validation variant="error">
                    {form.error('recurrence.byWeekday')}
                  </CheckboxGroup.Validation>
                )}
              </CheckboxGroup>
              <Field
                label={t('wizard.slots.interval')}
                caption={t('wizard.slots.intervalHint')}
                error={form.error('recurrence.interval')}
                required
              >
                <NumberInput
                  value={values.interval}
                  onChange={(v) => form.patch({ interval: v }, ['recurrence.interval'])}
                  step={1}
                  min={1}
                  max={52}
                />
              </Field>
            </>
          )}
          <div className={formClasses.row}>
            <Field
              label={t('wizard.slots.visitsCap')}
              caption={t('wizard.slots.visitsCapHint')}
              error={form.error('maxPerAssignment')}
            >
              <NumberInput
                value={values.maxPerAssignment}
                onChange={(v) => form.set('maxPerAssignment', v)}
                step={1}
                min={1}
                max={366}
              />
            </Field>
            <Field
              label={t('wizard.slots.preferredTime')}
              caption={t('wizard.slots.preferredTimeHint')}
              error={form.error('preferredTime')}
            >
              <TextInput
                type="time"
                block
                value={values.preferredTime}
                onChange={(e) => form.set('preferredTime', e.target.value)}
              />
            </Field>
            <Field label={t('wizard.slots.duration')} error={form.error('durationMinutes')} required>
              <NumberInput
                value={values.durationMinutes}
                onChange={(v) => form.set('durationMinutes', v)}
                step={15}
                min={15}
                max={720}
              />
            </Field>
          </div>
          <div className={formClasses.row}>
            <Field label={t('wizard.slots.from')} caption={t('wizard.slots.periodHint')} error={form.error('from')}>
              <TextInput
                type="date"
                block
                value={values.from}
                min={project.startDate}
                max={project.endDate}
                onChange={(e) => form.set('from', e.target.value)}
              />
            </Field>
            <Field label={t('wizard.slots.to')} error={form.error('to')}>
              <TextInput
                type="date"
                block
                value={values.to}
                min={project.startDate}
                max={project.endDate}
                onChange={(e) => form.set('to', e.target.value)}
              />
            </Field>
          </div>
          {form.formError && (
            <Text as="p" role="alert" className={classes.errorText}>
              {form.formError}
            </Text>
          )}
          <div className={classes.inlineActions}>
            <Button type="submit" loading={form.submitting && mode.current === 'preview'}>
              {t('wizard.slots.preview')}
            </Button>
            <Button
              variant="primary"
              onClick={() => void submit('generate')}
              loading={form.submitting && mode.current === 'generate'}
            >
              {t('wizard.slots.generate')}
            </Button>
            {preview && (
              <Button variant="invisible" onClick={() => setPreview(null)}>
                {t('wizard.slots.clearPreview')}
              </Button>
            )}
          </div>
          {preview && (
            <Text as="p" role="status" className={classes.previewSummary}>
              {t('wizard.slots.previewSummary', {
                count: preview.preview.length,
                n: fmt.number(preview.preview.length),
                existing: fmt.number(preview.existing),
                skipped: fmt.number(preview.skipped),
              })}
              {previewPast > 0 && (
                <>
                  {' '}
                  <strong>{t('wizard.slots.pastLeftOut', { count: previewPast, n: fmt.number(previewPast) })}</strong>
                </>
              )}
            </Text>
          )}
        </form>
      )}

      <div className={classes.calendarTools}>
        <CalendarLegend
          label={t('calendar.legend')}
          items={[
            ...(preview ? [{ tone: 'preview' as const, label: t('wizard.slots.previewStatus') }] : []),
            ...(['scheduled', 'in_progress', 'submitted', 'approved', 'rejected', 'missed', 'cancelled'] as const).map(
              (s) => ({
                tone: s,
                label: t(`taskStatus.${s}`),
              }),
            ),
          ]}
        />
        {mayPlan && assignments.length > 0 && (
          <Button leadingVisual={PlusIcon} onClick={() => setTarget({ kind: 'new', start: project.startDate })}>
            {t('wizard.slots.add')}
          </Button>
        )}
      </div>
      {(slots.data?.total ?? 0) > RANGE_CAP && (
        <Text as="p" className={classes.muted}>
          {t('calendar.capped', { shown: fmt.number(RANGE_CAP), total: fmt.number(slots.data?.total ?? 0) })}
        </Text>
      )}
      <Text as="p" size="small" className={classes.muted}>
        {t('calendar.locationClock')}
      </Text>
      <WorkCalendar
        ref={calendar}
        label={t('wizard.slots.calendarLabel')}
        initialView="dayGridMonth"
        initialDate={project.startDate}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,listWeek' }}
        events={events}
        eventContent={(arg) => (
          <EventText
            status={String(arg.event.extendedProps.status ?? '')}
            title={arg.event.title}
            time={arg.view.type === 'dayGridMonth' ? arg.timeText : undefined}
            focusable={arg.view.type.startsWith('list')}
          />
        )}
        timeZone="UTC"
        datesSet={(arg) => {
          // The drawn days are wall days: a day either side covers every zone's instants.
          const from = new Date(arg.start.getTime() - DAY_MS);
          const to = new Date(arg.end.getTime() + DAY_MS);
          if (range?.from.getTime() !== from.getTime() || range?.to.getTime() !== to.getTime()) setRange({ from, to });
        }}
        eventDrop={(arg) => {
          const slot = arg.event.extendedProps.slot as TSlot | undefined;
          if (!slot || !arg.event.start || !arg.event.end) return arg.revert();
          void notices
            .run(
              async () => {
                await move.mutateAsync({
                  id: slot.id,
                  version: slot.version,
                  startsAt: fromWallTime(arg.event.start!, zoneOf(slot.assignmentId)),
                  endsAt: fromWallTime(arg.event.end!, zoneOf(slot.assignmentId)),
                });
                await utils.slots.invalidate();
              },
              t('wizard.slots.moved', {
                name: arg.event.title,
                when: fmt.zoned(fromWallTime(arg.event.start, zoneOf(slot.assignmentId)), zoneOf(slot.assignmentId)),
              }),
            )
            .then((ok) => {
              if (!ok) arg.revert();
            });
        }}
        eventClick={(arg) => {
          const slot = arg.event.extendedProps.slot as TSlot | undefined;
          if (slot) setTarget({ kind: 'slot', slot, title: arg.event.title });
        }}
        dateClick={(arg) => {
          if (mayPlan && assignments.length > 0)
            setTarget({
              kind: 'new',
              start: arg.dateStr.slice(0, 10),
              // The grid is drawn on wall times (UTC): the clicked time is the location's.
              time: arg.allDay ? undefined : arg.date.toISOString().slice(11, 16),
            });
        }}
      />
      {target && (
        <SlotDialog
          target={target}
          assignments={assignments}
          preferredTime={values.preferredTime}
          durationMinutes={values.durationMinutes ?? 120}
          mayPlan={mayPlan}
          notices={notices}
          onClose={() => setTarget(null)}
        />
      )}
    </div>
  );
}
