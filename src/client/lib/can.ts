// Ability checks for the UI: hide what the server would refuse. Checks against a record (its fields,
// e.g. a team's `id` or a user's `customerId`) so conditional rules count; without a record, against a
// new record of the caller's own customer (so "manage own teams" does not show "create team").
import { subject as asSubject } from '@casl/ability';
import { useCallback } from 'react';
import type { Action, Subject } from '../../shared/abilities/index.ts';
import { useSession } from './session.tsx';

export type Can = (action: Action, subject: Exclude<Subject, 'all'>, record?: Record<string, unknown>) => boolean;

export function useCan(): Can {
  const { ability, user } = useSession();
  return useCallback(
    (action, subject, record) =>
      ability.can(action, asSubject(subject, { customerId: user?.customerId ?? null, ...(record ?? {}) }) as never),
    [ability, user?.customerId],
  );
}
