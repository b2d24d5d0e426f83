// What other domains look up of a direction (sub-directions, reports): its code, customer, archived state.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { findOwned } from '../../../lib/scope.ts';
import { Direction } from './direction.entity.ts';

/** The direction, if it belongs to `customerId` (any customer when null; NOT_FOUND otherwise). */
export async function requireDirectionRef(
  em: EntityManager,
  id: number,
  customerId: number | null,
): Promise<{ id: number; customerId: number; code: string; archived: boolean }> {
  const direction = await findOwned(em, Direction, id, customerId, 'Direction');
  return {
    id: direction.id,
    customerId: direction.customer.id,
    code: direction.code,
    archived: direction.archivedAt !== null,
  };
}
