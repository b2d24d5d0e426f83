import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { msg } from '../../../shared/errors/validation.ts';
import { useZodForm, type ZodForm } from '../FormDialog/useZodForm.ts';
import { useIsSuperadmin } from './CustomerFilter.tsx';
import { useCustomerOptions } from './options.ts';
import { RecordSelect } from './RecordSelect.tsx';

/** The validation key when the superadmin leaves the customer empty ("Choose a customer"). */
export const CHOOSE_CUSTOMER = msg('customer.choose');

/**
 * The shared create schema, plus "customer required" for the superadmin (the server requires it too;
 * for everyone else the server uses the caller's own customer).
 */
export function requireCustomerFor<S extends z.ZodType>(schema: S, superadmin: boolean): S {
  if (!superadmin) return schema;
  return schema.superRefine((value, ctx) => {
    if (!(value as { customerId?: unknown }).customerId)
      ctx.addIssue({ code: 'custom', message: CHOOSE_CUSTOMER, path: ['customerId'] });
  });
}

/** The customer select of a create form, shown to the superadmin only. */
export function CustomerField<V extends { customerId: number | null }>({
  form,
  superadmin,
}: {
  form: ZodForm<V, unknown>;
  superadmin: boolean;
}) {
  const { t } = useTranslation('forms');
  const { options, loading } = useCustomerOptions(superadmin);
  if (!superadmin) return null;
  return (
    <RecordSelect
      label={t('customer')}
      required
      placeholder={t('chooseCustomer')}
      options={options}
      loading={loading}
      value={form.values.customerId}
      onChange={(id) => form.set('customerId', id)}
      error={form.error('customerId')}
    />
  );
}

export interface CustomerRecordFormOptions<
  C extends z.ZodType,
  V extends Record<string, unknown>,
  U extends z.ZodType = C,
> {
  /** The record being edited, or null for a new one; its `version`, when it has one, goes with the update. */
  record: { id: number; version?: number } | null;
  /** The shared create schema (the superadmin must also choose a customer). */
  create: C;
  /** The shared update schema (a record never changes customer); create-only forms leave it out. */
  update?: U;
  /** The form's fields, besides the customer. */
  values: V;
  /** Maps the fields to the procedure's input (e.g. members to ids); identity by default. */
  toInput?: (fields: V) => object;
}

/**
 * The form of a record that belongs to a customer (direction, location class, team, scheme): the update
 * schema when editing (the input carries the record's id); else the create schema, where the
 * superadmin chooses the customer (render `<CustomerField form={form} superadmin={superadmin} />`) and
 * everyone else creates in their own (the server fills it in).
 */
export function useCustomerRecordForm<C extends z.ZodType, V extends Record<string, unknown>, U extends z.ZodType = C>({
  record,
  create,
  update,
  values,
  toInput = (fields) => fields,
}: CustomerRecordFormOptions<C, V, U>) {
  const superadmin = useIsSuperadmin();
  const schema = useMemo(
    () => (record && update ? update : requireCustomerFor(create, superadmin)),
    [record, superadmin],
  );
  const form = useZodForm(schema, { customerId: null as number | null, ...values }, ({ customerId, ...fields }) => {
    const input = toInput(fields as unknown as V);
    return record
      ? { id: record.id, ...(record.version !== undefined ? { version: record.version } : {}), ...input }
      : { ...input, customerId: (superadmin && customerId) || undefined };
  });
  return { form, superadmin };
}
