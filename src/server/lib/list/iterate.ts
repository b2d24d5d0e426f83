// Every row of a listing, in batches, for CSV exports.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db as kyselyOf } from '../../db/kysely.ts';
import { finish, type ListArgs, type Listing } from './listing.ts';
import { erase, type Filter, filtered, type ListQuery, ordered } from './source.ts';

/**
 * What a reader adds to each batch (an export's extra columns), read through `em`: the listing's own
 * transaction. The cursor holds a pooled connection until the last batch; a reader that queried another
 * EntityManager meanwhile waited for a second one, and as many exports at once as the pool has
 * connections waited on each other for ever (every other request of the process with them).
 */
export type BatchExtension<Dto, Out> = (em: EntityManager, items: Dto[]) => Promise<Out[]>;

export interface IterateOptions<Dto, Out> {
  batchSize?: number;
  extend?: BatchExtension<Dto, Out>;
}

/**
 * Every row matching the filter, in the list's order, in batches read through a server-side cursor
 * inside one read-only transaction (one consistent snapshot; memory bounded by the batch size).
 * Stopping early (break/return) closes the cursor and the transaction.
 */
export async function* iterateListing<D, TB extends keyof D, O, K extends string, Dto, Out = Dto>(
  em: EntityManager,
  listing: Listing<D, TB, O, K, Dto>,
  where: readonly Filter<D, TB>[],
  args: Pick<ListArgs<K>, 'q' | 'sortBy' | 'orderBy'>,
  { batchSize = 500, extend }: IterateOptions<Dto, Out> = {},
): AsyncGenerator<Out[]> {
  const fork = em.fork({ clear: true });
  const query: ListQuery<D, TB, K> = { ...args, page: 1, itemsPerPage: -1, where };
  const cursor = sql.id(`listing_${crypto.randomBytes(6).toString('hex')}`);
  const batch = sql.raw(String(Math.max(1, Math.floor(batchSize))));
  await fork.begin({ readOnly: true, isolationLevel: 'repeatable read' });
  try {
    const kysely = kyselyOf(fork);
    const source = listing.source(kysely, args.sortBy);
    const statement = ordered(filtered(erase(source.select(source.from)), source, query), source, query);
    await sql`declare ${cursor} no scroll cursor for ${statement}`.execute(kysely);
    for (;;) {
      const { rows } = await sql<O>`fetch forward ${batch} from ${cursor}`.execute(kysely);
      if (rows.length) {
        const items = await finish(fork, listing, rows);
        yield extend ? await extend(fork, items) : (items as unknown as Out[]);
      }
      if (rows.length < batchSize) break;
    }
  } finally {
    await fork.rollback();
  }
}
