// Helpers that take a page's tRPC procedure (`trpc.directions.list`, `trpc.teams.byId`) and call its
// hook, typed by what the procedure takes and answers. The page passes the same procedure on every
// render, so the hook calls stay in order.
import type { keepPreviousData } from '@tanstack/react-query';
import type { InferQueryLikeData, InferQueryLikeInput } from '@trpc/react-query/shared';
import type { AnyTRPCProcedure } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/router.ts';

/** A tRPC React query procedure. */
export interface QueryProcedure {
  useQuery: (...args: never[]) => unknown;
}

/** What a query procedure takes and answers. */
export type QueryInput<P> = InferQueryLikeInput<P>;
export type QueryData<P> = InferQueryLikeData<P>;

/** The parts of a query's state the shared helpers read. */
export interface QueryState<D> {
  data?: D;
  isFetching: boolean;
  error: { message: string } | null;
  refetch: () => unknown;
}

/** `procedure.useQuery(input, options)`, typed by the procedure. */
export function useProcedureQuery<P extends QueryProcedure>(
  procedure: P,
  input: QueryInput<P>,
  options: { placeholderData?: typeof keepPreviousData; enabled?: boolean; gcTime?: number },
): QueryState<QueryData<P>> {
  return (procedure as unknown as { useQuery: (input: unknown, options: object) => QueryState<QueryData<P>> }).useQuery(
    input,
    options,
  );
}

/** A mutation (`create`, `update`…) taking `I` and answering `O`. */
export interface MutationProcedure<I, O> {
  useMutation(): { mutateAsync: (input: I) => Promise<O> };
}

/** The dotted paths (`directions`, `apps.invoice`) of the routers under `R` that answer a `list` query. */
type ListRouters<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyTRPCProcedure
    ? never
    :
        | (R[K] extends { list: { _def: { type: 'query' } } } ? `${Prefix}${K}` : never)
        | ListRouters<R[K], `${Prefix}${K}.`>;
}[keyof R & string];

/**
 * A domain whose cached queries a list refreshes after a change (a path of `trpc.useUtils()`): every
 * router of the AppRouter with a `list` query, read from its type, so a renamed router fails to compile.
 */
export type Domain = ListRouters<AppRouter['_def']['record']>;

/** The utils (or query keys) of a domain: nested routers by their dotted path (`apps.invoice`). */
export function utilsOf(root: object, domain: Domain): { invalidate: () => Promise<void>; list: unknown } {
  return domain
    .split('.')
    .reduce<Record<string, unknown>>(
      (node, key) => node[key] as Record<string, unknown>,
      root as Record<string, unknown>,
    ) as never;
}
