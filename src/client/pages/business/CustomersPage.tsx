import { Label, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  CUSTOMER_STATUSES,
  type TCustomer,
  ZCreateCustomerInput,
  ZListCustomersInput,
  ZUpdateCustomerInput,
} from '../../../shared/schemas/customers.ts';
import { type Column, joinCellText } from '../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import { TextFilter } from '../../components/DataTable/TextFilter.tsx';
import {
  FormDialog,
  formClasses,
  SelectField,
  TextField,
  useSaveRecord,
  useZodForm,
} from '../../components/FormDialog/index.ts';
import {
  CodeCell,
  NameCell,
  type RecordDialogProps,
  RecordListPage,
  TextCell,
  useRecordList,
} from '../../components/ListPage/index.ts';
import { RecordHistory } from '../../components/RecordHistory/RecordHistory.tsx';
import { useCan } from '../../lib/can.ts';
import { useCountryName } from '../../lib/countries.ts';
import { useFormatters } from '../../lib/format.ts';
import { timeZoneOptions } from '../../lib/time-zones.ts';
import { trpc } from '../../lib/trpc.ts';
import classes from './Business.module.css';

const upper = (v: string) => v.toUpperCase();
const isCountryCode = (v: string) => /^[A-Z]{2}$/.test(v);

/** /business/customers: the operator's clients (tenants), their license and seat use. */
export default function CustomersPage() {
  const { t } = useTranslation('business');
  const can = useCan();
  const fmt = useFormatters();
  const country = useCountryName();
  const [, navigate] = useLocation();
  const list = useRecordList({
    filters: ['status', 'country'],
    schema: ZListCustomersInput,
    list: trpc.customers.list,
    invalidates: ['customers'],
    subject: 'Customer',
    // A customer is its own tenant: rules on `customerId` look at its id.
    record: (c) => ({ id: c.id, customerId: c.id }),
    label: (c) => c.name,
    remove: trpc.customers.delete.useMutation().mutateAsync,
    deleteHint: t('customers.deleteHint'),
    deleteBlocked: (c) =>
      c.activeUsers > 0
        ? t('customers.cannotDelete', { count: c.activeUsers })
        : c.activeLicense
          ? t('customers.cannotDeleteLicensed')
          : null,
    records: t('customers.records'),
  });
  const canReadLicenses = can('read', 'License');
  const planName = (c: TCustomer) =>
    c.activeLicense && t(`licenses.plan.${c.activeLicense.plan}`, { defaultValue: c.activeLicense.plan });
  const expires = (c: TCustomer) =>
    c.activeLicense && t('customers.expires', { date: fmt.date(c.activeLicense.expiresAt) });
  const seatsText = (c: TCustomer) =>
    c.activeLicense
      ? t('customers.seatUse', { used: fmt.number(c.activeUsers), seats: fmt.number(c.activeLicense.seats) })
      : fmt.number(c.activeUsers);

  const columns: Column<TCustomer>[] = [
    {
      key: 'code',
      header: t('fields.code'),
      kind: 'code',
      sortable: true,
      render: (c) => <CodeCell>{c.code}</CodeCell>,
      exportValue: (c) => c.code,
    },
    {
      key: 'name',
      header: t('fields.name'),
      kind: 'name',
      sortable: true,
      render: (c) => <NameCell name={c.name} detail={c.email} />,
      exportValue: (c) => joinCellText(c.name, c.email),
    },
    {
      key: 'country',
      header: t('customers.country'),
      kind: 'text',
      width: 9,
      sortable: true,
      render: (c) => country(c.country) || '—',
    },
    {
      key: 'city',
      header: t('fields.city'),
      kind: 'text',
      width: 9,
      sortable: true,
      render: (c) => <TextCell>{c.city}</TextCell>,
      exportValue: (c) => c.city || '—',
    },
    {
      key: 'license',
      header: t('customers.license'),
      kind: 'text',
      width: 11,
      render: (c) =>
        c.activeLicense ? (
          <NameCell name={planName(c)} detail={expires(c)} />
        ) : (
          <Label variant="danger">{t('customers.noLicense')}</Label>
        ),
      exportValue: (c) => (c.activeLicense ? joinCellText(planName(c), expires(c)) : t('customers.noLicense')),
    },
    {
      key: 'seats',
      header: t('customers.seats'),
      kind: 'number',
      width: 8,
      render: (c) => (
        <Text className={c.activeLicense && c.activeUsers > c.activeLicense.seats ? classes.danger : undefined}>
          {seatsText(c)}
        </Text>
      ),
      exportValue: seatsText,
    },
    {
      key: 'status',
      header: t('fields.status'),
      kind: 'status',
      sortable: true,
      render: (c) => (
        <Label variant={c.status === 'active' ? 'success' : 'attention'}>{t(`customers.status.${c.status}`)}</Label>
      ),
      exportValue: (c) => t(`customers.status.${c.status}`),
    },
  ];

  return (
    <RecordListPage
      list={list}
      title={t('customers.title')}
      description={t('customers.description')}
      createLabel={t('customers.new')}
      emptyTitle={t('customers.empty')}
      columns={columns}
      card={{ title: 'name', facts: ['code', 'seats'], status: 'status' }}
      exportDomain="customers"
      filters={
        <>
          <FilterSelect
            label={t('fields.status')}
            {...list.filter('status')}
            allLabel={t('filters.allStatuses')}
            options={CUSTOMER_STATUSES.map((s) => ({ value: s, label: t(`customers.status.${s}`) }))}
          />
          <TextFilter
            label={t('customers.countryFilter')}
            {...list.filter('country')}
            maxLength={2}
            normalize={upper}
            accept={isCountryCode}
          />
        </>
      }
      rowActions={(c) =>
        list.menu(c, {
          extra: [
            {
              label: t('customers.viewLicenses'),
              onSelect: () => navigate(`/business/licenses?customerId=${c.id}`),
              visible: canReadLicenses,
            },
          ],
        })
      }
      dialog={(customer, props) => <CustomerDialog customer={customer} {...props} />}
    />
  );
}

function CustomerDialog({ customer, onClose, onSaved, onReload }: RecordDialogProps & { customer: TCustomer | null }) {
  const { t } = useTranslation('business');
  const country = useCountryName();
  const save = useSaveRecord(!!customer, trpc.customers);
  const schema = customer ? ZUpdateCustomerInput : ZCreateCustomerInput;
  const form = useZodForm(
    schema,
    {
      code: customer?.code ?? '',
      name: customer?.name ?? '',
      email: customer?.email ?? '',
      phone: customer?.phone ?? '',
      country: customer?.country ?? '',
      city: customer?.city ?? '',
      address: customer?.address ?? '',
      status: customer?.status ?? 'active',
      timeZone: customer?.timeZone ?? 'Europe/Paris',
    },
    (v) => ({
      ...(customer ? { id: customer.id, version: customer.version } : {}),
      ...v,
      country: v.country.trim() === '' ? null : v.country,
    }),
  );
  const countryCode = form.values.country.trim().toUpperCase();
  return (
    <FormDialog
      title={customer ? t('customers.edit', { name: customer.name }) : t('customers.new')}
      form={form}
      width="xlarge"
      onClose={onClose}
      onReload={onReload}
      onSubmit={async (data) => onSaved((await save(data)).name)}
    >
      <div className={formClasses.row}>
        <TextField
          form={form}
          name="code"
          label={t('fields.code')}
          required
          monospace
          caption={t('customers.codeHint')}
        />
        <TextField form={form} name="name" label={t('fields.name')} required />
      </div>
      <div className={formClasses.row}>
        <TextField form={form} name="email" label={t('customers.email')} type="email" autoComplete="off" />
        <TextField form={form} name="phone" label={t('customers.phone')} type="tel" autoComplete="off" />
      </div>
      <div className={formClasses.row}>
        <TextField
          form={form}
          name="country"
          label={t('customers.country')}
          caption={/^[A-Z]{2}$/.test(countryCode) ? country(countryCode) : t('customers.countryHint')}
        />
        <TextField form={form} name="city" label={t('fields.city')} />
      </div>
      <TextField form={form} name="address" label={t('fields.address')} />
      <SelectField
        form={form}
        name="status"
        label={t('fields.status')}
        options={CUSTOMER_STATUSES.map((s) => ({ value: s, label: t(`customers.status.${s}`) }))}
        caption={t('customers.statusHint')}
      />
      <SelectField
        form={form}
        name="timeZone"
        label={t('fields.timeZone')}
        options={timeZoneOptions(form.values.timeZone)}
        caption={t('customers.timeZoneHint')}
      />
      {customer && <RecordHistory entityType="Customer" entityId={customer.id} />}
    </FormDialog>
  );
}
