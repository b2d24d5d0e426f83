// What locations and reports look up of location classes: ownership, names and colours, sort order.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../../db/kysely.ts';
import { findOwned } from '../../../lib/scope.ts';
import { LocationClass } from './location-class.entity.ts';

/** The location class, if it is `customerId`'s (NOT_FOUND otherwise). */
export async function requireLocationClassRef(
  em: EntityManager,
  id: number,
  customerId: number,
): Promise<{ id: number; name: string; archived: boolean }> {
  const found = await findOwned(em, LocationClass, id, customerId, 'LocationClass');
  return { id: found.id, name: found.name, archived: found.archivedAt !== null };
}

/** Location classes by id (callers scope). */
export async function locationClassRefs(
  em: EntityManager,
  ids: number[],
): Promise<Map<number, { id: number; name: string; color: string }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db(em)
    .selectFrom('location_classes')
    .select(['id', 'name', 'color'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((c) => [c.id, c]));
}

/** All location class ids by name (ties by id): the order of the locations list's `class` sort. */
export async function locationClassOrder(em: EntityManager): Promise<number[]> {
  const rows = await db(em).selectFrom('location_classes').select('id').orderBy('name').orderBy('id').execute();
  return rows.map((c) => c.id);
}
