import { PlusIcon } from '@primer/octicons-react';
import { Button, Label, Text } from '@primer/react';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  CUSTOMER_STATUSES,
  ZCreateCustomerInput,
  ZListCustomersInput,
  ZUpdateCustomerInput,
  type TCreateCustomerInput,
  type TCustomer,
  type TUpdateCustomerInput,
} from '../../../shared/schemas/customers.ts';
import { DataTable, type Column } from '../../components/DataTable/DataTable.tsx';
import { ExportCsvButton } from '../../components/DataTable/ExportCsvButton.tsx';
import { FilterSelect } from '../../components/DataTable/FilterSelect.tsx';
import { RowActions } from '../../components/DataTable/RowActions.tsx';
import { TextFilter } from '../../components/DataTable/TextFilter.tsx';
import { FormDialog, SelectField, TextField, formClasses, useZodForm } from '../../components/FormDialog/index.ts';
import { CodeCell, ListPage, NameCell, useNotice, useRecordActions } from '../../components/ListPage/index.ts';
import { useCan } from '../../lib/can.ts';
import { useFormatters } from '../../lib/format.ts';
import { toSchemaListInput, useListState } from '../../lib/list-state.ts';
import { trpc } from '../../lib/trpc.ts';
import classes from './Business.module.css';

const FILTERS = ['status', 'country'] as const;
const upper = (v: string) => v.toUpperCase();
const isCountryCode = (v: string) => /^[A-Z]{2}$/.test(v);

/** Country name in the current language from its ISO 3166 alpha-2 code. */
function useCountryName(): (code: string | null) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return (code) => {
      if (!code) return '—';
      try {
        return names.of(code) ?? code;
      } catch {
        return code;
      }
    };
  }, [i18n.language]);
}

/** /business/customers: the operator's clients (tenants), their license and seat use. */
export default function CustomersPage() {
  const { t } = useTranslation('business');
  const can = useCan();
  const fmt = useFormatters();
  const country = useCountryName();
  const [, navigate] = useLocation();
  const [state, update] = useListState(FILTERS);
  const input = toSchemaListInput(ZListCustomersInput, state);
  const list = trpc.customers.list.useQuery(input, { placeholderData: keepPreviousData });
  const utils = trpc.useUtils();
  const notices = useNotice();
  const [editing, setEditing] = useState<TCustomer | 'new' | null>(null);
  const canCreate = can('create', 'Customer');
  const canReadLicenses = can('read', 'License');
  const refresh = () => utils.customers.invalidate();
  const actions = useRecordActions<TCustomer>({
    notices,
    refresh,
    label: (c) => c.name,
    remove: trpc.customers.delete.useMutation().mutateAsync,
    deleteHint: t('customers.deleteHint'),
  });

  const columns: Column<TCustomer>[] = [
    { key: 'code', header: t('fields.code'), sortable: true, render: (c) => <CodeCell>{c.code}</CodeCell> },
    { key: 'name', header: t('fields.name'), sortable: true, render: (c) => <NameCell name={c.name} detail={c.email} /> },
    { key: 'country', header: t('customers.country'), sortable: true, render: (c) => country(c.country) },
    { key: 'city', header: t('fields.city'), sortable: true, render: (c) => c.city ?? '—' },
    {
      key: 'license',
      header: t('customers.license'),
      render: (c) =>
        c.activeLicense ? (
          <NameCell
            name={t(`licenses.plan.${c.activeLicense.plan}`, { defaultValue: c.activeLicense.plan })}
            detail={t('customers.expires', { date: fmt.date(c.activeLicense.expiresAt) })}
          />
        ) : (
          <Label variant="danger">{t('customers.noLicense')}</Label>
        ),
    },
    {
      key: 'seats',
      header: t('customers.seats'),
      align: 'end',
      render: (c) => (
        <Text className={c.activeLicense && c.activeUsers > c.activeLicense.seats ? classes.danger : undefined}>
          {c.activeLicense ? t('customers.seatUse', { used: fmt.number(c.activeUsers), seats: fmt.number(c.activeLicense.seats) }) : fmt.number(c.activeUsers)}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('fields.status'),
      sortable: true,
      render: (c) => <Label variant={c.status === 'active' ? 'success' : 'attention'}>{t(`customers.status.${c.status}`)}</Label>,
    },
  ];

  return (
    <ListPage
      title={t('customers.title')}
      description={t('customers.description')}
      notices={notices}
      actions={
        canCreate && (
          <Button variant="primary" leadingVisual={PlusIcon} onClick={() => setEditing('new')}>
            {t('customers.new')}
          </Button>
        )
      }
    >
      <DataTable
        label={t('customers.title')}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        rowKey={(c) => c.id}
        state={state}
        onStateChange={update}
        loading={list.isFetching}
        error={list.error?.message}
        onRetry={() => void list.refetch()}
        onRowOpen={(c) => can('update', 'Customer', { id: c.id, customerId: c.id }) && setEditing(c)}
        empty={{ title: t('customers.empty'), description: canCreate ? t('emptyCreate') : t('emptyFilters') }}
        toolbar={
          <>
            <FilterSelect
              label={t('fields.status')}
              value={state.filters.status}
              onChange={(status) => update({ filters: { status } })}
              allLabel={t('filters.allStatuses')}
              options={CUSTOMER_STATUSES.map((s) => ({ value: s, label: t(`customers.status.${s}`) }))}
            />
            <TextFilter
              label={t('customers.countryFilter')}
              value={state.filters.country}
              onChange={(value) => update({ filters: { country: value } })}
              maxLength={2}
              normalize={upper}
              accept={isCountryCode}
            />
            <ExportCsvButton domain="customers" input={input} />
          </>
        }
        rowActions={(c) => {
          const record = { id: c.id, customerId: c.id };
          return (
            <RowActions
              rowLabel={c.name}
              actions={actions.menu(c, {
                onEdit: () => setEditing(c),
                canUpdate: can('update', 'Customer', record),
                canDelete: can('delete', 'Customer', record),
                extra: [
                  {
                    label: t('customers.viewLicenses'),
                    onSelect: () => navigate(`/business/licenses?customerId=${c.id}`),
                    visible: canReadLicenses,
                  },
                ],
              })}
            />
          );
        }}
      />
      {editing && (
        <CustomerDialog
          customer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (name) => {
            await refresh();
            notices.success(t('notices.saved', { name }));
          }}
        />
      )}
      {actions.dialog}
    </ListPage>
  );
}

function CustomerDialog({
  customer,
  onClose,
  onSaved,
}: {
  customer: TCustomer | null;
  onClose: () => void;
  onSaved: (name: string) => Promise<void>;
}) {
  const { t } = useTranslation('business');
  const country = useCountryName();
  const create = trpc.customers.create.useMutation();
  const save = trpc.customers.update.useMutation();
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
    },
    (v) => ({ ...(customer ? { id: customer.id } : {}), ...v, country: v.country.trim() === '' ? null : v.country }),
  );
  const countryCode = form.values.country.trim().toUpperCase();
  return (
    <FormDialog
      title={customer ? t('customers.edit', { name: customer.name }) : t('customers.new')}
      form={form}
      width="xlarge"
      onClose={onClose}
      onSubmit={async (data) => {
        const saved = customer
          ? await save.mutateAsync(data as TUpdateCustomerInput)
          : await create.mutateAsync(data as TCreateCustomerInput);
        await onSaved(saved.name);
      }}
    >
      <div className={formClasses.row}>
        <TextField form={form} name="code" label={t('fields.code')} required monospace caption={t('customers.codeHint')} />
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
    </FormDialog>
  );
}
