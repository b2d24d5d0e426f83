import { PlusIcon } from '@primer/octicons-react';
import { Button, Checkbox, CheckboxGroup, FormControl, Label, ProgressBar, Text } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LICENSE_MODULES,
  LICENSE_PLANS,
  LICENSE_STATUSES,
  ZCreateLicenseInput,
  ZListLicensesInput,
  ZRevokeLicenseInput,
  ZUpdateLicenseInput,
  type TCreateLicenseInput,
  type TLicense,
  type TLicenseModule,
  type TLicenseStatus,
  type TUpdateLicenseInput,
} from '../../../shared/schemas/licenses.ts';
import { DataTable, type Column } from '../../components/DataTable/DataTable.tsx';
import { ExportCsvButton } from '../../components/DataTable/ExportCsvButton.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import { RowActions } from '../../components/DataTable/RowActions.tsx';
import { FormDialog, NumberField, SelectField, TextareaField, TextField, formClasses, useZodForm } from '../../components/FormDialog/index.ts';
import { CodeCell, ListPage, NameCell, useNotice, useRecordActions } from '../../components/ListPage/index.ts';
import { CustomerField, CustomerFilter, requireCustomerFor, useIsSuperadmin } from '../../components/RecordSelect/index.ts';
import { useCan } from '../../lib/can.ts';
import { toDateInput, useFormatters } from '../../lib/format.ts';
import { toSchemaListInput, useListState } from '../../lib/list-state.ts';
import { trpc } from '../../lib/trpc.ts';
import classes from './Business.module.css';

const FILTERS = ['customerId', 'status', 'plan'] as const;
const STATUS_VARIANT: Record<TLicenseStatus, 'success' | 'attention' | 'secondary' | 'danger'> = {
  active: 'success',
  scheduled: 'attention',
  expired: 'secondary',
  revoked: 'danger',
};

/** /business/licenses: what each customer may use, for how many active users, and when. */
export default function LicensesPage() {
  const { t } = useTranslation('business');
  const can = useCan();
  const fmt = useFormatters();
  const superadmin = useIsSuperadmin();
  const [state, update] = useListState(FILTERS);
  const input = toSchemaListInput(ZListLicensesInput, state);
  const list = trpc.licenses.list.useQuery(input, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const notices = useNotice();
  const [editing, setEditing] = useState<TLicense | 'new' | null>(null);
  const [revoking, setRevoking] = useState<TLicense | null>(null);
  const canCreate = can('create', 'License');
  const refresh = () => Promise.all([utils.licenses.invalidate(), utils.customers.invalidate()]);
  const actions = useRecordActions<TLicense>({
    notices,
    refresh,
    label: (l) => l.key,
    remove: trpc.licenses.delete.useMutation().mutateAsync,
    deleteHint: t('licenses.deleteHint'),
  });
  const editable = (l: TLicense) => l.status === 'active' || l.status === 'scheduled';

  const columns: Column<TLicense>[] = [
    { key: 'key', header: t('licenses.key'), render: (l) => <CodeCell>{l.key}</CodeCell> },
    { key: 'customer', header: t('licenses.customer'), sortable: true, render: (l) => <NameCell name={l.customer.name} detail={l.customer.code} /> },
    { key: 'plan', header: t('licenses.planLabel'), sortable: true, render: (l) => t(`licenses.plan.${l.plan}`) },
    { key: 'seats', header: t('customers.seats'), sortable: true, align: 'end', render: (l) => fmt.number(l.seats) },
    {
      key: 'modules',
      header: t('licenses.modules'),
      render: (l) => (
        <span className={classes.modules}>
          {l.modules.map((m) => (
            <Label key={m}>{t(`licenses.module.${m}`)}</Label>
          ))}
        </span>
      ),
    },
    { key: 'startsAt', header: t('licenses.startsAt'), sortable: true, render: (l) => fmt.date(l.startsAt) },
    { key: 'expiresAt', header: t('licenses.expiresAt'), sortable: true, render: (l) => fmt.date(l.expiresAt) },
    {
      key: 'status',
      header: t('fields.status'),
      render: (l) => (
        <span title={l.revokeReason ?? undefined}>
          <Label variant={STATUS_VARIANT[l.status]}>{t(`licenses.status.${l.status}`)}</Label>
        </span>
      ),
    },
  ];

  return (
    <ListPage
      title={t('licenses.title')}
      description={t('licenses.description')}
      notices={notices}
      actions={
        canCreate && (
          <Button variant="primary" leadingVisual={PlusIcon} onClick={() => setEditing('new')}>
            {t('licenses.new')}
          </Button>
        )
      }
    >
      {!superadmin && <CurrentLicense />}
      <DataTable
        label={t('licenses.title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        rowKey={(l) => l.id}
        state={state}
        onStateChange={update}
        loading={list.isFetching}
        error={list.error?.message}
        onRetry={() => void list.refetch()}
        onRowOpen={(l) => editable(l) && can('update', 'License', { customerId: l.customer.id }) && setEditing(l)}
        empty={{ title: t('licenses.empty'), description: canCreate ? t('emptyCreate') : t('emptyFilters') }}
        toolbar={
          <>
            <CustomerFilter value={state.filters.customerId} onChange={(customerId) => update({ filters: { customerId } })} />
            <FilterSelect
              label={t('fields.status')}
              value={state.filters.status}
              onChange={(status) => update({ filters: { status } })}
              allLabel={t('filters.allStatuses')}
              options={LICENSE_STATUSES.map((s) => ({ value: s, label: t(`licenses.status.${s}`) }))}
            />
            <FilterSelect
              label={t('licenses.planLabel')}
              value={state.filters.plan}
              onChange={(plan) => update({ filters: { plan } })}
              allLabel={t('filters.allPlans')}
              options={LICENSE_PLANS.map((p) => ({ value: p, label: t(`licenses.plan.${p}`) }))}
            />
            <ExportCsvButton domain="licenses" input={input} />
          </>
        }
        rowActions={(l) => {
          const record = { customerId: l.customer.id };
          const canUpdate = can('update', 'License', record);
          return (
            <RowActions
              rowLabel={l.key}
              actions={actions.menu(l, {
                onEdit: editable(l) ? () => setEditing(l) : undefined,
                canUpdate,
                // Only a license that has not started can be deleted; others are history (revoke instead).
                canDelete: can('delete', 'License', record) && l.status === 'scheduled',
                extra: [{ label: t('licenses.revoke'), onSelect: () => setRevoking(l), visible: canUpdate && editable(l), variant: 'danger' }],
              })}
            />
          );
        }}
      />
      {editing && (
        <LicenseDialog
          license={editing === 'new' ? null : editing}
          defaultCustomerId={state.filters.customerId ? Number(state.filters.customerId) : null}
          onClose={() => setEditing(null)}
          onSaved={async (key) => {
            await refresh();
            notices.success(t('notices.saved', { name: key }));
          }}
        />
      )}
      {revoking && (
        <RevokeDialog
          license={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={async () => {
            await refresh();
            notices.success(t('licenses.revoked', { key: revoking.key }));
          }}
        />
      )}
      {actions.dialog}
    </ListPage>
  );
}

/** The caller's customer: the license in force and how many of its seats are used. */
function CurrentLicense() {
  const { t } = useTranslation('business');
  const fmt = useFormatters();
  const current = trpc.licenses.current.useQuery({});
  if (!current.data) return null;
  const { license, usedSeats } = current.data;
  if (!license) {
    return (
      <section className={classes.summary} aria-label={t('licenses.current')}>
        <Label variant="danger">{t('customers.noLicense')}</Label>
        <Text>{t('licenses.noneActiveHint')}</Text>
      </section>
    );
  }
  const percent = Math.min(100, Math.round((usedSeats / Math.max(1, license.seats)) * 100));
  return (
    <section className={classes.summary} aria-label={t('licenses.current')}>
      <div className={classes.summaryItem}>
        <span className={classes.summaryLabel}>{t('licenses.current')}</span>
        <span className={classes.summaryValue}>{t(`licenses.plan.${license.plan}`)}</span>
      </div>
      <div className={classes.summaryItem}>
        <span className={classes.summaryLabel}>{t('licenses.expiresAt')}</span>
        <span className={classes.summaryValue}>{fmt.date(license.expiresAt)}</span>
      </div>
      <div className={classes.meter}>
        <span className={classes.summaryLabel} id="seat-use">
          {t('customers.seatUse', { used: fmt.number(usedSeats), seats: fmt.number(license.seats) })}
        </span>
        <ProgressBar progress={percent} aria-labelledby="seat-use" bg={percent >= 100 ? 'danger.emphasis' : 'accent.emphasis'} />
      </div>
    </section>
  );
}

function LicenseDialog({
  license,
  defaultCustomerId,
  onClose,
  onSaved,
}: {
  license: TLicense | null;
  defaultCustomerId: number | null;
  onClose: () => void;
  onSaved: (key: string) => Promise<void>;
}) {
  const { t } = useTranslation('business');
  const superadmin = useIsSuperadmin();
  const create = trpc.licenses.create.useMutation();
  const save = trpc.licenses.update.useMutation();
  const schema = useMemo(() => (license ? ZUpdateLicenseInput : requireCustomerFor(ZCreateLicenseInput, superadmin)), [license, superadmin]);
  const today = new Date();
  const nextYear = new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), today.getUTCDate()));
  const form = useZodForm(
    schema,
    {
      customerId: defaultCustomerId,
      plan: license?.plan ?? 'team',
      seats: (license?.seats ?? 10),
      modules: (license?.modules ?? ['tasks', 'reports', 'files']),
      startsAt: toDateInput(license?.startsAt ?? today),
      expiresAt: toDateInput(license?.expiresAt ?? nextYear),
    },
    ({ customerId, startsAt, expiresAt, ...fields }) => ({
      ...(license ? { id: license.id } : { customerId }),
      ...fields,
      startsAt: startsAt || undefined,
      expiresAt: expiresAt || undefined,
    }),
  );
  const toggleModule = (module: TLicenseModule, on: boolean) =>
    form.set('modules', on ? [...form.values.modules, module] : form.values.modules.filter((m) => m !== module));
  return (
    <FormDialog
      title={license ? t('licenses.edit', { key: license.key }) : t('licenses.new')}
      subtitle={license ? `${license.customer.name} (${license.customer.code})` : undefined}
      form={form}
      onClose={onClose}
      onSubmit={async (data) => {
        const saved = license ? await save.mutateAsync(data as TUpdateLicenseInput) : await create.mutateAsync(data as TCreateLicenseInput);
        await onSaved(saved.key);
      }}
    >
      {!license && <CustomerField form={form} superadmin />}
      <div className={formClasses.row}>
        <SelectField form={form} name="plan" label={t('licenses.planLabel')} required options={LICENSE_PLANS.map((p) => ({ value: p, label: t(`licenses.plan.${p}`) }))} />
        <NumberField form={form} name="seats" label={t('customers.seats')} required min={1} step={1} caption={t('licenses.seatsHint')} />
      </div>
      <CheckboxGroup>
        <CheckboxGroup.Label>{t('licenses.modules')}</CheckboxGroup.Label>
        <div className={classes.checkboxes}>
          {LICENSE_MODULES.map((m) => (
            <FormControl key={m}>
              <Checkbox value={m} checked={form.values.modules.includes(m)} onChange={(e) => toggleModule(m, e.target.checked)} />
              <FormControl.Label>{t(`licenses.module.${m}`)}</FormControl.Label>
            </FormControl>
          ))}
        </div>
        {form.error('modules') && <CheckboxGroup.Validation variant="error">{form.error('modules')}</CheckboxGroup.Validation>}
      </CheckboxGroup>
      <div className={formClasses.row}>
        <TextField form={form} name="startsAt" label={t('licenses.startsAt')} type="date" required />
        <TextField form={form} name="expiresAt" label={t('licenses.expiresAt')} type="date" required />
      </div>
    </FormDialog>
  );
}

function RevokeDialog({ license, onClose, onRevoked }: { license: TLicense; onClose: () => void; onRevoked: () => Promise<void> }) {
  const { t } = useTranslation('business');
  const revoke = trpc.licenses.revoke.useMutation();
  const form = useZodForm(ZRevokeLicenseInput, { reason: '' }, (v) => ({ id: license.id, reason: v.reason }));
  return (
    <FormDialog
      title={t('licenses.revokeTitle', { key: license.key })}
      subtitle={t('licenses.revokeBody', { customer: license.customer.name })}
      form={form}
      onClose={onClose}
      submitLabel={t('licenses.revoke')}
      onSubmit={async (data) => {
        await revoke.mutateAsync(data);
        await onRevoked();
      }}
    >
      <TextareaField form={form} name="reason" label={t('licenses.reason')} required />
    </FormDialog>
  );
}
