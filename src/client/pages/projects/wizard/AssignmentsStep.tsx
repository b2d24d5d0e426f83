import { Button, FormControl, Label, Radio, RadioGroup, Text } from '@primer/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TAssignment, ZBulkAssignInput, ZUpdateAssignmentInput } from '../../../../shared/schemas/assignments.ts';
import type { TProject } from '../../../../shared/schemas/projects.ts';
import { type Column, DataTable, joinCellText } from '../../../components/DataTable/DataTable.tsx';
import { RowActions } from '../../../components/DataTable/RowActions.tsx';
import { FormDialog, formClasses, NumberField, useZodForm } from '../../../components/FormDialog/index.ts';
import { CodeCell, NameCell, useConfirmDialog } from '../../../components/ListPage/index.ts';
import { RecordSelect, useTeamOptions } from '../../../components/RecordSelect/index.ts';
import { useCan } from '../../../lib/can.ts';
import { useFormatters } from '../../../lib/format.ts';
import type { ListState } from '../../../lib/list-state.ts';
import { trpc } from '../../../lib/trpc.ts';
import { InspectorSelect } from './InspectorSelect.tsx';
import type { LocationSelection } from './useLocationSelection.ts';
import type { StepProps } from './wizard-types.ts';
import classes from './Wizard.module.css';

/** Most locations one bulkCreate call takes (ZBulkAssignInput). */
const CHUNK = 5000;

type Scope = 'pending' | 'all';

type BulkValues = {
  teamId: number | null;
  assigneeId: number | null;
  plannedVisits: number | null;
  /** The user's choice; null until they make one. */
  scope: Scope | null;
};

/**
 * Where the bulk form applies: the locations waiting for a team while there are any, unless the user chose
 * all of them. Derived at each render, never fixed at mount: the step may open (by its address) before the
 * project's assignments and saved choice are read, when nothing looks pending yet.
 */
function scopeOf(chosen: Scope | null, pending: number): Scope {
  return pending === 0 ? 'all' : (chosen ?? 'pending');
}

/**
 * Step 4: each chosen location gets a team, optionally an inspector (a quality-control member of that
 * team), and a number of planned visits — in bulk for the locations waiting, or all chosen, and one by one.
 */
export function AssignmentsStep({
  project,
  selection,
  assignments,
  notices,
  refresh,
}: StepProps & { project: TProject; selection: LocationSelection; assignments: TAssignment[] }) {
  const { t } = useTranslation('workflow');
  const fmt = useFormatters();
  const can = useCan();
  const teams = useTeamOptions(project.customerId);
  const bulk = trpc.assignments.bulkCreate.useMutation();
  const remove = trpc.assignments.delete.useMutation();
  const { confirm, dialog } = useConfirmDialog();
  const [editing, setEditing] = useState<TAssignment | null>(null);
  const [state, setState] = useState<ListState>({ q: '', page: 1, itemsPerPage: 10, orderBy: 'asc', filters: {} });
  const mayManage = can('create', 'LocationAssignment');

  const form = useZodForm<typeof ZBulkAssignInput, BulkValues>(
    ZBulkAssignInput,
    { teamId: null, assigneeId: null, plannedVisits: 4, scope: null },
    (v) => ({
      projectId: project.id,
      locationIds: [
        ...(scopeOf(v.scope, selection.pending.size) === 'pending' ? selection.pending : selection.selected),
      ],
      teamId: v.teamId ?? undefined,
      assigneeId: v.assigneeId,
      plannedVisits: v.plannedVisits ?? undefined,
    }),
  );

  const submit = form.handleSubmit(async (data) => {
    const ids = data.locationIds;
    let done = 0;
    for (let start = 0; start < ids.length; start += CHUNK) {
      await bulk.mutateAsync({ ...data, locationIds: ids.slice(start, start + CHUNK) });
      done += Math.min(CHUNK, ids.length - start);
    }
    await refresh();
    notices.success(t('wizard.assignments.assigned', { count: done, n: fmt.number(done) }));
  });

  const filtered = useMemo(() => {
    const q = state.q.trim().toLowerCase();
    return q
      ? assignments.filter((a) =>
          [a.location.code, a.location.name, a.team.name, a.assignee?.name ?? ''].some((text) =>
            text.toLowerCase().includes(q),
          ),
        )
      : assignments;
  }, [assignments, state.q]);
  const pageRows =
    state.itemsPerPage === -1
      ? filtered
      : filtered.slice((state.page - 1) * state.itemsPerPage, state.page * state.itemsPerPage);

  async function removeAssignment(assignment: TAssignment) {
    const ok = await confirm({
      title: t('wizard.assignments.removeTitle', { name: assignment.location.name }),
      content: t('wizard.assignments.removeBody'),
      confirmLabel: t('wizard.assignments.remove'),
    });
    if (!ok) return;
    await notices.run(
      async () => {
        await remove.mutateAsync({ id: assignment.id });
        selection.set([assignment.location.id], false);
        await refresh();
      },
      t('wizard.assignments.removed', { name: assignment.location.name }),
    );
  }

  const columns: Column<TAssignment>[] = [
    {
      key: 'location',
      header: t('fields.location'),
      render: (a) => <NameCell name={a.location.name} detail={<CodeCell>{a.location.code}</CodeCell>} />,
      exportValue: (a) => joinCellText(a.location.name, a.location.code),
    },
    { key: 'team', header: t('fields.team'), render: (a) => a.team.name },
    {
      key: 'assignee',
      header: t('fields.inspector'),
      render: (a) => a.assignee?.name ?? <Label variant="attention">{t('wizard.assignments.noInspector')}</Label>,
      exportValue: (a) => a.assignee?.name ?? t('wizard.assignments.noInspector'),
    },
    {
      key: 'plannedVisits',
      header: t('fields.plannedVisits'),
      align: 'end',
      render: (a) => fmt.number(a.plannedVisits),
    },
    { key: 'slots', header: t('fields.slots'), align: 'end', render: (a) => fmt.number(a.slots) },
  ];

  const scope = scopeOf(form.values.scope, selection.pending.size);
  const targetCount = scope === 'pending' ? selection.pending.size : selection.selected.size;

  return (
    <div className={classes.stack}>
      <Text as="p" aria-live="polite">
        {t('wizard.assignments.summary', {
          chosen: fmt.number(selection.selected.size),
          assigned: fmt.number(assignments.length),
          waiting: fmt.number(selection.pending.size),
          count: selection.pending.size,
        })}
      </Text>

      {mayManage && (
        <form
          noValidate
          className={classes.panel}
          aria-labelledby="bulk-assign-title"
          onSubmit={(e) => {
            e.stopPropagation();
            void submit(e);
          }}
        >
          <h3 id="bulk-assign-title" className={classes.panelTitle}>
            {t('wizard.assignments.bulkTitle')}
          </h3>
          <div className={formClasses.row}>
            <RecordSelect
              label={t('fields.team')}
              required
              placeholder={t('wizard.assignments.chooseTeam')}
              options={teams.options}
              loading={teams.loading}
              value={form.values.teamId}
              onChange={(id) => form.patch({ teamId: id, assigneeId: null }, ['teamId', 'assigneeId'])}
              error={form.error('teamId')}
            />
            <InspectorSelect
              teamId={form.values.teamId}
              value={form.values.assigneeId}
              onChange={(id) => form.set('assigneeId', id)}
              error={form.error('assigneeId')}
            />
            <NumberField
              form={form}
              name="plannedVisits"
              label={t('fields.plannedVisits')}
              required
              step={1}
              min={0}
              max={366}
            />
          </div>
          <RadioGroup name="scope" onChange={(value) => value && form.set('scope', value as Scope)}>
            <RadioGroup.Label>{t('wizard.assignments.applyTo')}</RadioGroup.Label>
            <FormControl disabled={selection.pending.size === 0}>
              <Radio value="pending" checked={scope === 'pending'} onChange={() => form.set('scope', 'pending')} />
              <FormControl.Label>
                {t('wizard.assignments.scopePending', {
                  count: selection.pending.size,
                  n: fmt.number(selection.pending.size),
                })}
              </FormControl.Label>
            </FormControl>
            <FormControl>
              <Radio value="all" checked={scope === 'all'} onChange={() => form.set('scope', 'all')} />
              <FormControl.Label>
                {t('wizard.assignments.scopeAll', {
                  count: selection.selected.size,
                  n: fmt.number(selection.selected.size),
                })}
              </FormControl.Label>
            </FormControl>
          </RadioGroup>
          {form.error('locationIds') && (
            <Text as="p" role="alert" className={classes.errorText}>
              {form.error('locationIds')}
            </Text>
          )}
          {form.formError && !form.error('locationIds') && (
            <Text as="p" role="alert" className={classes.errorText}>
              {form.formError}
            </Text>
          )}
          <div>
            <Button type="submit" variant="primary" loading={form.submitting} disabled={targetCount === 0}>
              {t('wizard.assignments.assign', { count: targetCount, n: fmt.number(targetCount) })}
            </Button>
          </div>
        </form>
      )}

      <DataTable
        label={t('wizard.assignments.tableLabel')}
        columns={columns}
        rows={pageRows}
        total={filtered.length}
        rowKey={(a) => a.id}
        state={state}
        onStateChange={(patch) =>
          setState((s) => ({
            ...s,
            ...patch,
            page: patch.page ?? (patch.q !== undefined || patch.itemsPerPage ? 1 : s.page),
          }))
        }
        onRowOpen={mayManage ? setEditing : undefined}
        empty={{ title: t('wizard.assignments.empty') }}
        rowActions={(a) => (
          <RowActions
            rowLabel={a.location.name}
            actions={[
              {
                label: t('wizard.assignments.edit'),
                onSelect: () => setEditing(a),
                visible: can('update', 'LocationAssignment', { teamId: a.team.id }),
              },
              {
                label: t('wizard.assignments.remove'),
                variant: 'danger',
                onSelect: () => void removeAssignment(a),
                visible: can('delete', 'LocationAssignment', { teamId: a.team.id }),
              },
            ]}
          />
        )}
      />
      {editing && (
        <AssignmentDialog
          assignment={editing}
          customerId={project.customerId}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            await refresh();
            notices.success(t('wizard.assignments.saved', { name: editing.location.name }));
          }}
        />
      )}
      {dialog}
    </div>
  );
}

function AssignmentDialog({
  assignment,
  customerId,
  onClose,
  onSaved,
}: {
  assignment: TAssignment;
  customerId: number;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation('workflow');
  const teams = useTeamOptions(customerId);
  const update = trpc.assignments.update.useMutation();
  const form = useZodForm<typeof ZUpdateAssignmentInput, Omit<BulkValues, 'scope'>>(
    ZUpdateAssignmentInput,
    {
      teamId: assignment.team.id,
      assigneeId: assignment.assignee?.id ?? null,
      plannedVisits: assignment.plannedVisits,
    },
    (v) => ({
      id: assignment.id,
      version: assignment.version,
      teamId: v.teamId ?? undefined,
      assigneeId: v.assigneeId,
      plannedVisits: v.plannedVisits ?? undefined,
    }),
  );
  return (
    <FormDialog
      title={t('wizard.assignments.editTitle', { name: assignment.location.name })}
      form={form}
      onClose={onClose}
      onSubmit={async (data) => {
        await update.mutateAsync(data);
        await onSaved();
      }}
    >
      <RecordSelect
        label={t('fields.team')}
        required
        options={teams.options}
        loading={teams.loading}
        value={form.values.teamId}
        onChange={(id) => form.patch({ teamId: id, assigneeId: null }, ['teamId', 'assigneeId'])}
        error={form.error('teamId')}
      />
      <InspectorSelect
        teamId={form.values.teamId}
        value={form.values.assigneeId}
        onChange={(id) => form.set('assigneeId', id)}
        error={form.error('assigneeId')}
      />
      <NumberField
        form={form}
        name="plannedVisits"
        label={t('fields.plannedVisits')}
        required
        step={1}
        min={0}
        max={366}
      />
    </FormDialog>
  );
}
