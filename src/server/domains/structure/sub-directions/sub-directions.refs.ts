// What locations and reports look up of sub-directions: ownership, codes and names, sort order, ids.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../../db/kysely.ts';
import { findOwned } from '../../../lib/scope.ts';
import { SubDirection } from './sub-direction.entity.ts';

/** The sub-direction, if it is `customerId`'s (NOT_FOUND otherwise; any customer when null). */
export async function requireSubDirectionRef(
  em: EntityManager,
  id: number,
  customerId: number | null,
): Promise<{ id: number; customerId: number; code: string; archived: boolean }> {
  const sub = await findOwned(em, SubDirection, id, customerId, 'SubDirection');
  return { id: sub.id, customerId: sub.customer.id, code: sub.code, archived: sub.archivedAt !== null };
}

/** Sub-directions with their direction, by id (callers scope). */
export async function subDirectionRefs(
  em: EntityManager,
  ids: number[],
): Promise<
  Map<number, { id: number; code: string; name: string; direction: { id: number; code: string; name: string } }>
> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db(em)
    .selectFrom('sub_directions as s')
    .innerJoin('directions as d', 'd.id', 's.direction_id')
    .select([
      's.id',
      's.code',
      's.name',
      'd.id as direction_id',
      'd.code as direction_code',
      'd.name as direction_name',
    ])
    .where('s.id', 'in', unique)
    .execute();
  return new Map(
    rows.map((s) => [
      s.id,
      {
        id: s.id,
        code: s.code,
        name: s.name,
        direction: { id: s.direction_id, code: s.direction_code, name: s.direction_name },
      },
    ]),
  );
}

/**
 * All sub-direction ids in sort order: by their own code, or by their direction's code then theirs
 * (ties by id) — the order of the locations list's `subDirection` and `direction` sorts.
 */
export async function subDirectionOrder(em: EntityManager, by: 'subDirection' | 'direction'): Promise<number[]> {
  let query = db(em)
    .selectFrom('sub_directions as s')
    .innerJoin('directions as d', 'd.id', 's.direction_id')
    .select('s.id');
  if (by === 'direction') query = query.orderBy('d.code').orderBy('d.id');
  const rows = await query.orderBy('s.code').orderBy('s.id').execute();
  return rows.map((r) => r.id);
}

/** Ids of a direction's sub-directions. */
export async function subDirectionIdsOf(em: EntityManager, directionId: number): Promise<number[]> {
  const rows = await db(em).selectFrom('sub_directions').select('id').where('direction_id', '=', directionId).execute();
  return rows.map((r) => r.id);
}
