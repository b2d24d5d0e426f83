// Choices for record selects and filters, loaded through the domains' list procedures (all rows,
// sorted by name). A superadmin passes the customer to narrow to; everyone else gets their own.
import type { Role } from '../../../shared/constants/roles.ts';
import { trpc } from '../../lib/trpc.ts';
import type { RecordOption } from './RecordSelect.tsx';

const ALL = -1;
const STALE = 30_000;

export interface OptionsResult {
  options: RecordOption[];
  loading: boolean;
}

/** Customers (superadmin: all; others: their own). */
export function useCustomerOptions(enabled = true): OptionsResult {
  const query = trpc.customers.list.useQuery({ itemsPerPage: ALL, sortBy: 'name' }, { enabled, staleTime: STALE });
  return {
    options: (query.data?.items ?? []).map((c) => ({ id: c.id, label: `${c.name} (${c.code})` })),
    loading: enabled && query.isLoading,
  };
}

/** Directions, optionally of one customer; archived ones left out. */
export function useDirectionOptions(customerId?: number | null, enabled = true): OptionsResult {
  const query = trpc.directions.list.useQuery(
    { itemsPerPage: ALL, sortBy: 'code', ...(customerId ? { customerId } : {}) },
    { enabled, staleTime: STALE },
  );
  return {
    options: (query.data?.items ?? []).map((d) => ({
      id: d.id,
      label: `${d.code} · ${d.name}`,
      customerId: d.customerId,
    })),
    loading: enabled && query.isLoading,
  };
}

/** Sub-directions grouped by direction, optionally of one customer or one direction. */
export function useSubDirectionOptions(
  filter: { customerId?: number | null; directionId?: number | null } = {},
  enabled = true,
): OptionsResult {
  const query = trpc.subDirections.list.useQuery(
    {
      itemsPerPage: ALL,
      sortBy: 'direction',
      ...(filter.customerId ? { customerId: filter.customerId } : {}),
      ...(filter.directionId ? { directionId: filter.directionId } : {}),
    },
    { enabled, staleTime: STALE },
  );
  return {
    options: (query.data?.items ?? []).map((s) => ({
      id: s.id,
      label: `${s.code} · ${s.name}`,
      group: `${s.direction.code} · ${s.direction.name}`,
      customerId: s.customerId,
    })),
    loading: enabled && query.isLoading,
  };
}

/** Location classes. */
export function useLocationClassOptions(customerId?: number | null, enabled = true): OptionsResult {
  const query = trpc.classes.list.useQuery(
    { itemsPerPage: ALL, sortBy: 'name', ...(customerId ? { customerId } : {}) },
    { enabled, staleTime: STALE },
  );
  return {
    options: (query.data?.items ?? []).map((c) => ({ id: c.id, label: c.name, customerId: c.customerId })),
    loading: enabled && query.isLoading,
  };
}

/** Teams. */
export function useTeamOptions(customerId?: number | null, enabled = true): OptionsResult {
  const query = trpc.teams.list.useQuery(
    { itemsPerPage: ALL, sortBy: 'name', ...(customerId ? { customerId } : {}) },
    { enabled, staleTime: STALE },
  );
  return {
    options: (query.data?.items ?? []).map((team) => ({ id: team.id, label: team.name, customerId: team.customerId })),
    loading: enabled && query.isLoading,
  };
}

/** Users, optionally of one role (floor managers, team leaders…). */
export function useUserOptions(
  filter: { customerId?: number | null; role?: Role } = {},
  enabled = true,
): OptionsResult {
  const query = trpc.users.list.useQuery(
    {
      itemsPerPage: ALL,
      sortBy: 'fullName',
      ...(filter.customerId ? { customerId: filter.customerId } : {}),
      ...(filter.role ? { role: filter.role } : {}),
    },
    { enabled, staleTime: STALE },
  );
  return {
    options: (query.data?.items ?? []).map((u) => ({
      id: u.id,
      label: `${u.fullName} (${u.email})`,
      customerId: u.customerId ?? undefined,
    })),
    loading: enabled && query.isLoading,
  };
}

/**
 * For the superadmin, who sees every customer's records: put each option under its customer's name
 * (keeping an existing group as a prefix). Others get the options unchanged.
 */
export function useGroupedByCustomer(options: RecordOption[], superadmin: boolean): RecordOption[] {
  const customers = useCustomerOptions(superadmin);
  if (!superadmin) return options;
  const names = new Map(customers.options.map((c) => [c.id, c.label]));
  return [...options]
    .map((o) => {
      const customer = o.customerId !== undefined ? (names.get(o.customerId) ?? `#${o.customerId}`) : undefined;
      return { ...o, group: customer && o.group ? `${customer} — ${o.group}` : (customer ?? o.group) };
    })
    .sort((a, b) => (a.group ?? '').localeCompare(b.group ?? ''));
}
