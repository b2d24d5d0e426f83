// A listing's authorized reads: `list` (one page and the total) and `iterate` (every match in batches).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Subject } from '../../../shared/abilities/index.ts';
import { authorize } from '../authz.ts';
import type { AuthedContext, ServiceContext } from '../context.ts';
import { type BatchExtension, iterateListing } from './iterate.ts';
import { type ListArgs, type Listing, listPage } from './listing.ts';
import type { Filter } from './source.ts';

/**
 * A listing's two reads for callers who may read `subject`: `list` (one page and the total) and
 * `iterate` (every match in batches, for CSV exports), filtered by what `where` makes of the input
 * (scope first), sorted by `defaultSort` when the input names no sort.
 */
export function listingReads<D, TB extends keyof D, O, K extends string, Dto, F>(
  subject: Subject,
  listing: Listing<D, TB, O, K, Dto>,
  where: (ctx: AuthedContext, input: F) => readonly Filter<D, TB>[],
  defaultSort: NoInfer<K>,
) {
  type Input = F & ListArgs<K>;
  const sorted = (input: Input) => ({ ...input, sortBy: input.sortBy ?? defaultSort });
  async function list(ctx: ServiceContext, input: Input): Promise<{ items: Dto[]; total: number }> {
    authorize(ctx, 'read', subject);
    return listPage(ctx.em, listing, where(ctx, input), sorted(input));
  }
  /** `extend`: what a reader adds to each batch, read in the listing's transaction (see BatchExtension). */
  async function* iterate<Out = Dto>(
    ctx: ServiceContext,
    input: Input,
    extend?: BatchExtension<Dto, Out>,
  ): AsyncGenerator<Out[]> {
    authorize(ctx, 'read', subject);
    yield* iterateListing(ctx.em, listing, where(ctx, input), sorted(input), { extend });
  }
  return { list, iterate };
}

/**
 * `listingReads` for a domain that admits callers its own way and whose listing depends on where the
 * caller's rows are (`scope`, e.g. the demo tenant of a demo app's copy). `open` authorizes (and may
 * refuse the input), then answers the EntityManager, the scope and the filters for the input. `list`
 * is one page and the total, `iterate` every match in batches; sorted by `defaultSort`, if given, when
 * the input names no sort.
 */
export function scopedListingReads<S, I extends ListArgs<K>, D, TB extends keyof D, O, K extends string, Dto>(
  listing: (scope: S) => Listing<D, TB, O, K, Dto>,
  open: (ctx: ServiceContext, input: I) => Promise<{ em: EntityManager; scope: S; where: readonly Filter<D, TB>[] }>,
  defaultSort?: NoInfer<K>,
) {
  const sorted = (input: I) => ({ ...input, sortBy: input.sortBy ?? defaultSort });
  async function list(ctx: ServiceContext, input: I): Promise<{ items: Dto[]; total: number }> {
    const { em, scope, where } = await open(ctx, input);
    return listPage(em, listing(scope), where, sorted(input));
  }
  async function* iterate(ctx: ServiceContext, input: I): AsyncGenerator<Dto[]> {
    const { em, scope, where } = await open(ctx, input);
    yield* iterateListing(em, listing(scope), where, sorted(input));
  }
  return { list, iterate };
}
