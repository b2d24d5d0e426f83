import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.tsx';
import { FilterSelect } from '../DataTable/FilterSelect.tsx';
import { useCustomerOptions } from './options.ts';

/**
 * The customer filter of a business list, shown to the superadmin only (everyone else always sees
 * just their own customer; the server scopes it anyway).
 */
export function CustomerFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('forms');
  const { user } = useSession();
  const superadmin = user?.role_name === 'superadmin';
  const { options } = useCustomerOptions(superadmin);
  if (!superadmin) return null;
  return (
    <FilterSelect
      label={t('customer')}
      value={value}
      onChange={onChange}
      allLabel={t('allCustomers')}
      options={options.map((o) => ({ value: String(o.id), label: o.label }))}
    />
  );
}

/** Whether the signed-in user is the platform operator (sees and must choose customers). */
export function useIsSuperadmin(): boolean {
  return useSession().user?.role_name === 'superadmin';
}
