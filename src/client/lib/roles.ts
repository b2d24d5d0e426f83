// A role's human name ("Quality control inspector", never "qualitycontrol"), translated: the one helper
// every page and the shell use wherever a role is shown. The names live in `common` (always loaded).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isRole } from '../../shared/constants/roles.ts';

export function useRoleName(): (role: string) => string {
  const { t } = useTranslation('common');
  return useCallback((role: string) => (isRole(role) ? t(`roles.${role}`) : role), [t]);
}
