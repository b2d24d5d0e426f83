// The typed read layer's entry point: MikroORM's Kysely integration over the request's EntityManager
// (its transaction when one is open), typed from the entity list. Edit only to change that typing.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferKyselyDB } from '@mikro-orm/sql';
import type { Kysely } from 'kysely';
import type { entities } from './entities.ts';

/**
 * Every table as Kysely sees it: table names as in the database, columns snake_case (relations as
 * `<name>_id`, or their `fieldName`). Timestamps and numerics arrive as the driver gives them
 * (ISO strings, numeric strings): read them through `toDate` / numbers cast in SQL.
 */
export type DB = InferKyselyDB<(typeof entities)[number]>;

/** The Kysely instance of this EntityManager, typed with every table. */
export function db(em: EntityManager): Kysely<DB> {
  return em.getKysely<DB>();
}
