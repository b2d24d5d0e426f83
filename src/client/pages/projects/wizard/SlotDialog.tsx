import { TrashIcon } from '@primer/octicons-react';
import { Button, Dialog, Text, TextInput } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { TAssignment } from '../../../../shared/schemas/assignments.ts';
import type { TSlot } from '../../../../shared/schemas/slots.ts';
import { zoneLabel } from '../../../../shared/time/zoned.ts';
import { Field, FormDialog, formClasses, NumberInput, useZodForm } from '../../../components/FormDialog/index.ts';
import { type NoticeApi, useConfirmDialog } from '../../../components/ListPage/index.ts';
import { RecordSelect } from '../../../components/RecordSelect/index.ts';
import { TaskStatusLabel } from '../../../components/WorkflowStatus/WorkflowStatus.tsx';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { onSlotFields, type SlotFormValues, slotWindow, windowValues, ZSlotForm } from './slot-forms.ts';
import classes from './Wizard.module.css';

export type SlotDialogTarget =
  /** A new visit on this day (at this wall time, `HH:MM`, when picked in a time grid). */
  | { kind: 'new'; start: string; time?: string }
  /** A planned slot, to move or delete. */
  | { kind: 'slot'; slot: TSlot; title: string };

/**
 * Add a visit (choose the location's assignment, the day, time and length) or change one: move it,
 * or delete it with its task. Only a slot whose task is still scheduled can change.
 */
export function SlotDialog({
  target,
  assignments,
  preferredTime,
  durationMinutes,
  mayPlan,
  notices,
  onClose,
}: {
  target: SlotDialogTarget;
  assignments: TAssignment[];
  preferredTime: string;
  durationMinutes: number;
  mayPlan: boolean;
  notices: NoticeApi;
  onClose: () => void;
}) {
  const { t } = useTranslation('workflow');
  const fmt = useFormatters();
  const utils = trpc.useUtils();
  const create = trpc.slots.create.useMutation();
  const update = trpc.slots.update.useMutation();
  const remove = trpc.slots.delete.useMutation();
  const { confirm, dialog } = useConfirmDialog();
  const slot = target.kind === 'slot' ? target.slot : null;
  // Days and times are read and typed on the visit's location's clock.
  const zoneOf = (assignmentId: number | null | undefined) =>
    assignments.find((a) => a.id === assignmentId)?.location.timeZone ?? null;
  const initial: SlotFormValues = slot
    ? {
        assignmentId: slot.assignmentId,
        ...windowValues(slot.startsAt, slot.endsAt, zoneOf(slot.assignmentId) ?? 'UTC'),
      }
    : {
        assignmentId: assignments.length === 1 ? assignments[0].id : null,
        date: target.kind === 'new' ? target.start : '',
        time: (target.kind === 'new' && target.time) || preferredTime || '09:00',
        durationMinutes,
      };
  const form = useZodForm(ZSlotForm, initial);
  const zone = zoneOf(slot?.assignmentId ?? form.values.assignmentId);
  const refresh = () =>
    Promise.all([
      utils.slots.invalidate(),
      utils.assignments.invalidate(),
      utils.projects.invalidate(),
      utils.tasks.invalidate(),
    ]);

  if (slot && (slot.taskStatus !== 'scheduled' || !mayPlan)) {
    return (
      <Dialog
        title={target.kind === 'slot' ? target.title : ''}
        onClose={onClose}
        footerButtons={[{ content: t('close'), onClick: onClose }]}
      >
        <div className={classes.stack}>
          <Text as="p">
            {t('wizard.slots.window', { start: fmt.dateTime(slot.startsAt), end: fmt.dateTime(slot.endsAt) })}
          </Text>
          <Text as="p">
            <TaskStatusLabel status={slot.taskStatus} />
          </Text>
          {mayPlan && <Text as="p">{t('wizard.slots.locked')}</Text>}
        </div>
      </Dialog>
    );
  }

  async function deleteSlot() {
    if (!slot) return;
    const ok = await confirm({
      title: t('wizard.slots.deleteTitle'),
      content: t('wizard.slots.deleteBody', { when: fmt.dateTime(slot.startsAt) }),
      confirmLabel: t('wizard.slots.delete'),
    });
    if (!ok) return;
    const done = await notices.run(
      async () => {
        await remove.mutateAsync({ id: slot.id });
        await refresh();
      },
      t('wizard.slots.deleted', { when: fmt.dateTime(slot.startsAt) }),
    );
    if (done) onClose();
  }

  return (
    <>
      <FormDialog
        title={
          slot
            ? t('wizard.slots.editTitle', { name: target.kind === 'slot' ? target.title : '' })
            : t('wizard.slots.addTitle')
        }
        form={form}
        onClose={onClose}
        submitLabel={slot ? t('wizard.slots.save') : t('wizard.slots.addSubmit')}
        footerStart={
          slot ? (
            <Button variant="danger" leadingVisual={TrashIcon} onClick={() => void deleteSlot()}>
              {t('wizard.slots.delete')}
            </Button>
          ) : undefined
        }
        onSubmit={async (data) => {
          const visitZone = zoneOf(slot?.assignmentId ?? data.assignmentId) ?? 'UTC';
          const window = slotWindow(data, visitZone);
          try {
            if (slot) await update.mutateAsync({ id: slot.id, version: slot.version, ...window });
            else await create.mutateAsync({ assignmentId: data.assignmentId, ...window });
          } catch (error) {
            throw onSlotFields(error);
          }
          await refresh();
          notices.success(
            slot
              ? t('wizard.slots.movedPlain')
              : t('wizard.slots.added', { when: fmt.zoned(window.startsAt, visitZone) }),
          );
        }}
      >
        {!slot && (
          <RecordSelect
            label={t('fields.location')}
            required
            placeholder={t('wizard.slots.chooseLocation')}
            options={assignments.map((a) => ({ id: a.id, label: `${a.location.code} · ${a.location.name}` }))}
            value={form.values.assignmentId}
            onChange={(id) => form.set('assignmentId', id)}
            error={form.error('assignmentId')}
          />
        )}
        <div className={formClasses.row}>
          <Field label={t('wizard.slots.day')} error={form.error('date')} required>
            <TextInput
              type="date"
              block
              name="date"
              value={form.values.date}
              onChange={(e) => form.set('date', e.target.value)}
            />
          </Field>
          <Field label={t('wizard.slots.startTime')} error={form.error('time')} required>
            <TextInput
              type="time"
              block
              name="time"
              value={form.values.time}
              onChange={(e) => form.set('time', e.target.value)}
            />
          </Field>
          <Field label={t('wizard.slots.duration')} error={form.error('durationMinutes')} required>
            <NumberInput
              name="durationMinutes"
              value={form.values.durationMinutes}
              onChange={(v) => form.set('durationMinutes', v)}
              step={15}
              min={15}
              max={720}
            />
          </Field>
        </div>
        <Text as="p" size="small" className={classes.muted}>
          {zone ? t('wizard.slots.timeZoneHint', { zone: zoneLabel(zone) }) : t('wizard.slots.timeZoneHintEach')}
        </Text>
      </FormDialog>
      {dialog}
    </>
  );
}
