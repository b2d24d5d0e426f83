// "Is this record in use?" — the domain that points at a record registers how to count its
// references, so the owning domain can refuse a delete with a message naming what blocks it,
// without reading other domains' tables itself.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from './app-error.ts';

/** Counts the records of one kind pointing at `id`, with a label ("3 locations"). */
export type ReferenceCounter = (em: EntityManager, id: number) => Promise<{ count: number; label: (n: number) => string; examples?: string[] }>;

const counters = new Map<string, ReferenceCounter[]>();

/** Register a counter of references to records of `target` (an entity type such as 'Location'). */
export function registerReferenceCounter(target: string, counter: ReferenceCounter): void {
  const list = counters.get(target) ?? [];
  list.push(counter);
  counters.set(target, list);
}

/** Register that a customer's records of `entity` block deleting the customer ("3 directions"). */
export function registerCustomerRecords(entity: abstract new (...args: never[]) => object, label: (n: number) => string): void {
  registerReferenceCounter('Customer', async (em, customerId) => ({ count: await em.count(entity as never, { customer: customerId }), label }));
}

/** Descriptions of what points at the record, e.g. ["3 locations (PAR-001, PAR-002, …)"]. */
export async function describeReferences(em: EntityManager, target: string, id: number): Promise<string[]> {
  const out: string[] = [];
  for (const counter of counters.get(target) ?? []) {
    const { count, label, examples } = await counter(em, id);
    if (count > 0) {
      const shown = examples?.length ? ` (${examples.join(', ')}${count > examples.length ? ', …' : ''})` : '';
      out.push(`${label(count)}${shown}`);
    }
  }
  return out;
}

/** CONFLICT naming what blocks deleting `what` (e.g. `Direction "NORTH"`), with a hint. */
export async function refuseIfReferenced(
  em: EntityManager,
  target: string,
  id: number,
  what: string,
  hint = 'Archive it instead, or remove those first.',
): Promise<void> {
  const blockers = await describeReferences(em, target, id);
  if (blockers.length) {
    throw new AppError('CONFLICT', `${what} cannot be deleted: it is used by ${blockers.join('; ')}. ${hint}`);
  }
}

/** "1 location" / "3 locations". */
export function plural(singular: string, pluralForm = `${singular}s`): (n: number) => string {
  return (n) => `${n} ${n === 1 ? singular : pluralForm}`;
}
