import type { MutationProcedure } from '../../lib/procedures.ts';

/**
 * Saving a record's form: the domain's `update` when a record is being edited, else its `create`
 * (`useSaveRecord(!!direction, trpc.directions)`); resolves with the saved record.
 */
export function useSaveRecord<C, U, O>(
  editing: boolean,
  procedures: { create: MutationProcedure<C, O>; update: MutationProcedure<U, O> },
): (data: C | U) => Promise<O> {
  const create = procedures.create.useMutation();
  const update = procedures.update.useMutation();
  return (data) => (editing ? update.mutateAsync(data as U) : create.mutateAsync(data as C));
}
