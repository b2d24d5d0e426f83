import { Checkbox, CheckboxGroup, FormControl, Label, ProgressBar, Text } from '@primer/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LICENSE_MODULES,
  LICENSE_PLANS,
  LICENSE_STATUSES,
  type TLicense,
  type TLicenseModule,
  type TLicenseStatus,
  ZCreateLicenseInput,
  ZListLicensesInput,
  ZRevokeLicenseInput,
  ZUpdateLicenseInput,
} from '../../../shared/schemas/licenses.ts';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import {
  FormDialog,
  formClasses,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
  useSaveRecord,
  useZodForm,
} from '../../components/FormDialog/index.ts';
import {
  CodeCell,
  NameCell,
  NumberCell,
  type RecordDialogProps,
  RecordListPage,
  useRecordList,
} from '../../components/ListPage/index.ts';
import {
  CustomerField,
  CustomerFilter,
  requireCustomerFor,
  useIsSuperadmin,
} from '../../components/RecordSelect/index.ts';
import { toDateInput, useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import classes from './Business.module.css';

const STATUS_VARIANT: Record<TLicenseStatus, 'success' | 'attention' | 'secondary' | 'danger'> = {
  active: 'success',
  scheduled: 'attention',
  expired: 'secondary',
  revoked: 'danger',
};

/** /business/licenses: what each customer may use, for how many active users, and when. */
export default function LicensesPage() {
  const { t } = useTranslation('business');
  const fmt = useFormatters();
  const superadmin = useIsSuperadmin();
  const list = useRecordList({
    filters: ['customerId', 'status', 'plan'],
    schema: ZListLicensesInput,
    list: trpc.licenses.list,
    invalidates: ['licenses', 'customers'],
    subject: 'License',
    record: (l) => ({ customerId: l.customer.id }),
    label: (l) => l.key,
    remove: trpc.licenses.delete.useMutation().mutateAsync,
    deleteHint: t('licenses.deleteHint'),
    // Only a license that has not started can be deleted; others are history (revoke instead).
    deleteBlocked: (l) => (l.status === 'scheduled' ? null : t('licenses.cannotDelete')),
    records: t('licenses.records'),
  });
  const [revoking, setRevoking] = useState<TLicense | null>(null);
  const editable = (l: TLicense) => l.status === 'active' || l.status === 'scheduled';

  const columns: Column<TLicense>[] = [
    {
      key: 'key',
      header: t('licenses.key'),
      kind: 'code',
      width: 11,
      render: (l) => <CodeCell>{l.key}</CodeCell>,
      exportValue: (l) => l.key,
    },
    {
      key: 'customer',
      header: t('licenses.customer'),
      kind: 'name',
      sortable: true,
      render: (l) => <NameCell name={l.customer.name} detail={l.customer.code} detailLtr />,
      exportValue: (l) => joinCellText(l.customer.name, l.customer.code),
    },
    {
      key: 'plan',
      header: t('licenses.planLabel'),
      kind: 'text',
      width: 8,
      sortable: true,
      render: (l) => t(`licenses.plan.${l.plan}`),
    },
    {
      key: 'seats',
      header: t('customers.seats'),
      kind: 'number',
      sortable: true,
      render: (l) => <NumberCell>{fmt.number(l.seats)}</NumberCell>,
      exportValue: (l) => fmt.number(l.seats),
    },
    {
      key: 'modules',
      header: t('licenses.modules'),
      kind: 'tags',
      render: (l) => (
        <span className={classes.modules}>
          {l.modules.map((m) => (
            <Label key={m}>{t(`licenses.module.${m}`)}</Label>
          ))}
        </span>
      ),
      exportValue: (l) => l.modules.map((m) => t(`licenses.module.${m}`)).join(', '),
    },
    {
      key: 'startsAt',
      header: t('licenses.startsAt'),
      kind: 'date',
      sortable: true,
      render: (l) => fmt.date(l.startsAt),
    },
    {
      key: 'expiresAt',
      header: t('licenses.expiresAt'),
      kind: 'date',
      sortable: true,
      render: (l) => fmt.date(l.expiresAt),
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      render: (l) => (
        <span title={l.revokeReason ?? undefined}>
          <Label variant={STATUS_VARIANT[l.status]}>{t(`licenses.status.${l.status}`)}</Label>
        </span>
      ),
      exportValue: (l) => t(`licenses.status.${l.status}`),
    },
  ];

  return (
    <RecordListPage
      list={list}
      title={t('licenses.title')}
      description={t('licenses.description')}
      createLabel={t('licenses.new')}
      emptyTitle={t('licenses.empty')}
      columns={columns}
      card={{ title: 'customer', facts: ['plan', 'expiresAt'], status: 'status' }}
      exportDomain="licenses"
      summary={!superadmin && <CurrentLicense />}
      filters={
        <>
          <CustomerFilter {...list.filter('customerId')} />
          <FilterSelect
            label={t('fields.status')}
            {...list.filter('status')}
            allLabel={t('filters.allStatuses')}
            options={LICENSE_STATUSES.map((s) => ({ value: s, label: t(`licenses.status.${s}`) }))}
          />
          <FilterSelect
            label={t('licenses.planLabel')}
            {...list.filter('plan')}
            allLabel={t('filters.allPlans')}
            options={LICENSE_PLANS.map((p) => ({ value: p, label: t(`licenses.plan.${p}`) }))}
          />
        </>
      }
      onRowOpen={(l) => editable(l) && list.can('update', l) && list.setEditing(l)}
      rowActions={(l) =>
        list.menu(l, {
          onEdit: editable(l) ? () => list.setEditing(l) : undefined,
          extra: [
            {
              label: t('licenses.revoke'),
              onSelect: () => setRevoking(l),
              visible: list.can('update', l) && editable(l),
              variant: 'danger',
            },
          ],
        })
      }
      dialog={(license, props) => (
        <LicenseDialog
          license={license}
          defaultCustomerId={list.state.filters.customerId ? Number(list.state.filters.customerId) : null}
          {...props}
        />
      )}
    >
      {revoking && (
        <RevokeDialog
          license={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={() => list.announce(t('licenses.revoked', { key: revoking.key }))}
        />
      )}
    </RecordListPage>
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
        <ProgressBar
          progress={percent}
          aria-labelledby="seat-use"
          bg={percent >= 100 ? 'danger.emphasis' : 'accent.emphasis'}
        />
      </div>
    </section>
  );
}

function LicenseDialog({
  license,
  defaultCustomerId,
  onClose,
  onSaved,
  onReload,
}: RecordDialogProps & { license: TLicense | null; defaultCustomerId: number | null }) {
  const { t } = useTranslation('business');
  const superadmin = useIsSuperadmin();
  const save = useSaveRecord(!!license, trpc.licenses);
  const schema = useMemo(
    () => (license ? ZUpdateLicenseInput : requireCustomerFor(ZCreateLicenseInput, superadmin)),
    [license, superadmin],
  );
  const today = new Date();
  const nextYear = new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), today.getUTCDate()));
  const form = useZodForm(
    schema,
    {
      customerId: defaultCustomerId,
      plan: license?.plan ?? 'team',
      seats: license?.seats ?? 10,
      modules: license?.modules ?? ['tasks', 'reports', 'files'],
      startsAt: toDateInput(license?.startsAt ?? today),
      expiresAt: toDateInput(license?.expiresAt ?? nextYear),
    },
    ({ customerId, startsAt, expiresAt, ...fields }) => ({
      ...(license ? { id: license.id, version: license.version } : { customerId }),
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
      onReload={onReload}
      onSubmit={async (data) => onSaved((await save(data)).key)}
    >
      {!license && <CustomerField form={form} superadmin />}
      <div className={formClasses.row}>
        <SelectField
          form={form}
          name="plan"
          label={t('licenses.planLabel')}
          required
          options={LICENSE_PLANS.map((p) => ({ value: p, label: t(`licenses.plan.${p}`) }))}
        />
        <NumberField
          form={form}
          name="seats"
          label={t('customers.seats')}
          required
          min={1}
          step={1}
          caption={t('licenses.seatsHint')}
        />
      </div>
      <CheckboxGroup>
        <CheckboxGroup.Label>{t('licenses.modules')}</CheckboxGroup.Label>
        <div className={classes.checkboxes}>
          {LICENSE_MODULES.map((m) => (
            <FormControl key={m}>
              <Checkbox
                value={m}
                checked={form.values.modules.includes(m)}
                onChange={(e) => toggleModule(m, e.target.checked)}
              />
              <FormControl.Label>{t(`licenses.module.${m}`)}</FormControl.Label>
            </FormControl>
          ))}
        </div>
        {form.error('modules') && (
          <CheckboxGroup.Validation variant="error">{form.error('modules')}</CheckboxGroup.Validation>
        )}
      </CheckboxGroup>
      <div className={formClasses.row}>
        <TextField form={form} name="startsAt" label={t('licenses.startsAt')} type="date" required />
        <TextField form={form} name="expiresAt" label={t('licenses.expiresAt')} type="date" required />
      </div>
    </FormDialog>
  );
}

function RevokeDialog({
  license,
  onClose,
  onRevoked,
}: {
  license: TLicense;
  onClose: () => void;
  onRevoked: () => Promise<void>;
}) {
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
