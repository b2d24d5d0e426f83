import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ZodForm } from '../FormDialog/useZodForm.ts';
import { RecordSelect } from './RecordSelect.tsx';
import { useCustomerOptions } from './options.ts';

/** Message (and translation key) when the superadmin leaves the customer empty. */
export const CHOOSE_CUSTOMER = 'Choose a customer';

/**
 * The shared create schema, plus "customer required" for the superadmin (the server requires it too;
 * for everyone else the server uses the caller's own customer).
 */
export function requireCustomerFor<S extends z.ZodType>(schema: S, superadmin: boolean): S {
  if (!superadmin) return schema;
  return schema.superRefine((value, ctx) => {
    if (!(value as { customerId?: unknown }).customerId) ctx.addIssue({ code: 'custom', message: CHOOSE_CUSTOMER, path: ['customerId'] });
  });
}

/** The customer select of a create form, shown to the superadmin only. */
export function CustomerField<V extends { customerId: number | null }>({ form, superadmin }: { form: ZodForm<V, unknown>; superadmin: boolean }) {
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
