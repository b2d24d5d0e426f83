// Procedure shapes the domain routers share: signed-in procedures with the given input and output
// schemas, each calling one service function (which authorizes). Edit to add a shape several routers use.
import type { z } from 'zod';
import { type TDeleted, ZDeleted } from '../../shared/schemas/business.ts';
import { ZByIdInput } from '../../shared/schemas/common.ts';
import type { AuthedContext } from '../lib/context.ts';
import type { TrpcContext } from './context.ts';
import { authedProcedure } from './init.ts';

type Ctx = TrpcContext & AuthedContext;

// tRPC types a resolver's input and result through its own parser inference, which TypeScript cannot
// match with z.output / z.input while the schemas are still type parameters; the casts below only
// bridge that. Callers are checked against z.output (input) and z.input (result) of their schemas.
const parsed = <T>(input: unknown) => input as T;
const answer = <T>(result: Promise<T>) => result as Promise<never>;

/** The procedures of a business record's router: `record` is the schema the mutations and `byId` answer with. */
export function recordProcedures<R extends z.ZodType>(record: R) {
  return {
    /** `list`: the list input may be omitted (its defaults apply). */
    list<I extends z.ZodObject, L extends z.ZodType>(
      input: I,
      output: L,
      list: (ctx: Ctx, input: z.output<I>) => Promise<z.input<L>>,
    ) {
      return authedProcedure
        .input(input.prefault({} as never))
        .output(output)
        .query(({ ctx, input }) => answer(list(ctx, parsed(input))));
    },
    /** Another read with its own input and output. */
    query<I extends z.ZodType, O extends z.ZodType>(
      input: I,
      output: O,
      read: (ctx: Ctx, input: z.output<I>) => Promise<z.input<O>>,
    ) {
      return authedProcedure
        .input(input)
        .output(output)
        .query(({ ctx, input }) => answer(read(ctx, parsed(input))));
    },
    /** `byId`: `{ id }` -> the record. */
    byId(get: (ctx: Ctx, id: number) => Promise<z.input<R>>) {
      return authedProcedure
        .input(ZByIdInput)
        .output(record)
        .query(({ ctx, input }) => answer(get(ctx, input.id)));
    },
    /** A mutation taking `input` (create, update…) -> the record. */
    mutation<I extends z.ZodType>(input: I, write: (ctx: Ctx, input: z.output<I>) => Promise<z.input<R>>) {
      return authedProcedure
        .input(input)
        .output(record)
        .mutation(({ ctx, input }) => answer(write(ctx, parsed(input))));
    },
    /** A mutation on `{ id }` (archive, restore, publish…) -> the record. */
    byIdMutation(write: (ctx: Ctx, id: number) => Promise<z.input<R>>) {
      return authedProcedure
        .input(ZByIdInput)
        .output(record)
        .mutation(({ ctx, input }) => answer(write(ctx, input.id)));
    },
    /** `delete`: `{ id }` -> `{ id, deleted: true }`. */
    delete(remove: (ctx: Ctx, id: number) => Promise<TDeleted>) {
      return authedProcedure
        .input(ZByIdInput)
        .output(ZDeleted)
        .mutation(({ ctx, input }) => remove(ctx, input.id));
    },
  };
}

/** A list whose input may be omitted: the service gets it with its defaults. */
export function listQuery<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  list: (ctx: Ctx, input: z.output<I>) => Promise<z.input<O>>,
) {
  return authedProcedure
    .input(input.optional())
    .output(output)
    .query(({ ctx, input: given }) => answer(list(ctx, input.parse(given ?? {}))));
}
