// A corrective action's status in words and colour; an open action past its due date reads "Overdue".
import { Label } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { TActionStatus } from '../../../shared/schemas/corrective-actions.ts';

type LabelVariant = 'accent' | 'attention' | 'done' | 'success' | 'danger' | 'severe' | 'secondary' | 'primary';

export const ACTION_STATUS_VARIANT: Record<TActionStatus, LabelVariant> = {
  open: 'accent',
  done: 'done',
  verified: 'success',
  cancelled: 'secondary',
};

export function ActionStatusLabel({ status, overdue }: { status: TActionStatus; overdue: boolean }) {
  const { t } = useTranslation('actions');
  if (overdue) return <Label variant="danger">{t('status.overdue')}</Label>;
  return <Label variant={ACTION_STATUS_VARIANT[status]}>{t(`status.${status}`)}</Label>;
}
