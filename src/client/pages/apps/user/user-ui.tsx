// What the users demo pages share: the status label, option lists and the pages' paths.
import { Label } from '@primer/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  DEMO_USER_BILLINGS,
  DEMO_USER_PLANS,
  DEMO_USER_ROLES,
  DEMO_USER_STATUSES,
  type TDemoUserStatus,
} from '../../../../shared/schemas/demo-users.ts';
import { pathFor } from '../../../app/routes.tsx';

const STATUS_VARIANT: Record<TDemoUserStatus, 'success' | 'attention' | 'secondary'> = {
  active: 'success',
  pending: 'attention',
  inactive: 'secondary',
};

export function UserStatusLabel({ status }: { status: TDemoUserStatus }) {
  const { t } = useTranslation('users');
  return <Label variant={STATUS_VARIANT[status]}>{t(`status.${status}`)}</Label>;
}

/** The translated choices of the role, plan, status and billing selects; roles named as everywhere (useRoleName). */
export function userOptions(t: TFunction<'users'>, roleName: (role: string) => string) {
  return {
    roles: DEMO_USER_ROLES.map((value) => ({ value, label: roleName(value) })),
    plans: DEMO_USER_PLANS.map((value) => ({ value, label: t(`plan.${value}`) })),
    statuses: DEMO_USER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
    billings: DEMO_USER_BILLINGS.map((value) => ({ value, label: t(`billing.${value}`) })),
  };
}

export const userPaths = {
  list: () => pathFor('apps-user-list'),
  view: (id: number) => pathFor('apps-user-view-id', { id }),
};

/** The user id of a route param; a malformed one reads as a user that does not exist. */
export function userIdOf(param: string | undefined): number {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 && id < 2_147_483_647 ? id : 2_147_483_647;
}
