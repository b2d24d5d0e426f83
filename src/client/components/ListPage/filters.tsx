// Filters shared by the business lists: archived records and the active flag.
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../DataTable/FilterSelect.tsx';

/** '' hides archived records (the server default), 'include' shows both, 'only' just the archived. */
export function ArchivedFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('forms');
  return (
    <FilterSelect
      label={t('archivedFilter')}
      value={value === 'exclude' ? '' : value}
      onChange={onChange}
      allLabel={t('hideArchived')}
      options={[
        { value: 'include', label: t('includeArchived') },
        { value: 'only', label: t('onlyArchived') },
      ]}
    />
  );
}

/** '' all, 'true' active only, 'false' inactive only. */
export function ActiveFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('forms');
  return (
    <FilterSelect
      label={t('activeFilter')}
      value={value}
      onChange={onChange}
      allLabel={t('anyActivity')}
      options={[
        { value: 'true', label: t('activeOnly') },
        { value: 'false', label: t('inactiveOnly') },
      ]}
    />
  );
}
