// Create or edit one event of the caller's calendar: title, category, start and end (or whole days),
// link, guests from the caller's colleagues, location and description, checked by the shared schema;
// an existing event can be deleted after a confirmation.
import { TrashIcon } from '@primer/octicons-react';
import { Button, Checkbox, FormControl, Select, Spinner, Textarea, TextInput } from '@primer/react';
import { useTranslation } from 'react-i18next';
import {
  type TCalendarEvent,
  type TReplaceCalendarEventBody,
  ZReplaceCalendarEventBody,
} from '../../../../shared/schemas/calendar.ts';
import { Field, FormDialog, formClasses, TextField, useZodForm } from '../../../components/FormDialog/index.ts';
import { useConfirmDialog } from '../../../components/ListPage/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import { CALENDAR_CATEGORIES, type EventFormValues, toEventInput, withAllDay } from './calendar-model.ts';
import classes from './CalendarPage.module.css';

export function EventDialog({
  event,
  initial,
  onSave,
  onDelete,
  onReload,
  onClose,
}: {
  /** The event edited; null for a new one. */
  event: TCalendarEvent | null;
  initial: EventFormValues;
  /** The input carries the version the dialog opened (edits); the stale banner's Overwrite sends it without. */
  onSave: (input: TReplaceCalendarEventBody) => Promise<unknown>;
  onDelete: () => Promise<boolean>;
  /** Reopens the dialog on the stored event (after a save refused as stale); false when it is gone. */
  onReload: () => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('calendar');
  const errorText = useErrorText();
  const form = useZodForm(ZReplaceCalendarEventBody, initial, (v) => ({ ...toEventInput(v), version: event?.version }));
  const { confirm, dialog } = useConfirmDialog();
  const colleagues = trpc.apps.chat.live.colleagues.useQuery(undefined, { staleTime: 60_000 });
  // Guests: the caller's colleagues, and whoever the event already names (sample guests stay choosable).
  const names = [...new Set([...(colleagues.data?.colleagues.map((c) => c.fullName) ?? []), ...initial.guests])].sort(
    (a, b) => a.localeCompare(b),
  );
  const { values } = form;
  const dateType = values.allDay ? 'date' : 'datetime-local';

  const remove = async () => {
    if (!event) return;
    const ok = await confirm({
      title: t('deleteTitle'),
      content: t('deleteBody', { title: event.title }),
      confirmLabel: t('delete'),
    });
    if (ok && (await onDelete())) onClose();
  };

  return (
    <>
      <FormDialog
        title={event ? t('editTitle') : t('addTitle')}
        form={form}
        onClose={onClose}
        submitLabel={event ? t('save') : t('add')}
        onSubmit={onSave}
        onReload={event ? onReload : undefined}
        drawer
        footerStart={
          event ? (
            <Button variant="danger" leadingVisual={TrashIcon} onClick={() => void remove()}>
              {t('delete')}
            </Button>
          ) : undefined
        }
      >
        <TextField form={form} name="title" label={t('fields.title')} required />
        <Field label={t('fields.calendar')} error={form.error('extendedProps.calendar')} required>
          <Select
            block
            name="calendar"
            value={values.calendar}
            onChange={(e) =>
              form.patch({ calendar: e.target.value as EventFormValues['calendar'] }, ['extendedProps.calendar'])
            }
          >
            {CALENDAR_CATEGORIES.map((c) => (
              <Select.Option key={c} value={c}>
                {t(`categories.${c}`)}
              </Select.Option>
            ))}
          </Select>
        </Field>
        <FormControl>
          <Checkbox
            name="allDay"
            checked={values.allDay}
            onChange={(e) => form.patch(withAllDay(values, e.target.checked), ['start', 'end', 'allDay'])}
          />
          <FormControl.Label>{t('fields.allDay')}</FormControl.Label>
        </FormControl>
        <div className={formClasses.row}>
          <Field label={values.allDay ? t('fields.startDay') : t('fields.start')} error={form.error('start')} required>
            <TextInput
              type={dateType}
              block
              name="start"
              value={values.start}
              onChange={(e) => form.set('start', e.target.value)}
            />
          </Field>
          <Field label={values.allDay ? t('fields.endDay') : t('fields.end')} error={form.error('end')} required>
            <TextInput
              type={dateType}
              block
              name="end"
              value={values.end}
              onChange={(e) => form.set('end', e.target.value)}
            />
          </Field>
        </div>
        <TextField form={form} name="url" type="url" label={t('fields.url')} placeholder="https://" />
        <fieldset className={classes.guests}>
          <legend>{t('fields.guests')}</legend>
          {colleagues.isPending ? (
            <Spinner size="small" srText={t('loading')} />
          ) : names.length === 0 ? (
            <p className={classes.muted}>{colleagues.error ? errorText.error(colleagues.error) : t('noColleagues')}</p>
          ) : (
            <ul className={classes.guestList}>
              {names.map((name) => (
                <li key={name}>
                  <FormControl>
                    <Checkbox
                      value={name}
                      checked={values.guests.includes(name)}
                      onChange={(e) =>
                        form.set(
                          'guests',
                          e.target.checked ? [...values.guests, name] : values.guests.filter((g) => g !== name),
                        )
                      }
                    />
                    <FormControl.Label>
                      <bdi>{name}</bdi>
                    </FormControl.Label>
                  </FormControl>
                </li>
              ))}
            </ul>
          )}
          {form.error('extendedProps.guests') && (
            <p className={classes.errorText}>{form.error('extendedProps.guests')}</p>
          )}
        </fieldset>
        <Field label={t('fields.location')} error={form.error('extendedProps.location')}>
          <TextInput
            block
            name="location"
            value={values.location}
            onChange={(e) => form.patch({ location: e.target.value }, ['extendedProps.location'])}
          />
        </Field>
        <Field label={t('fields.description')} error={form.error('extendedProps.description')}>
          <Textarea
            block
            rows={3}
            resize="vertical"
            name="description"
            value={values.description}
            onChange={(e) => form.patch({ description: e.target.value }, ['extendedProps.description'])}
          />
        </Field>
      </FormDialog>
      {dialog}
    </>
  );
}
