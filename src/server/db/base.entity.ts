// Columns every table shares; spread into each entity's `properties`.
// Edit only for a column that truly belongs on every table.
import { p } from '@mikro-orm/core';

export const baseProperties = {
  id: p.integer().primary().autoincrement(),
  createdAt: p.datetime().onCreate(() => new Date()),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
};

/**
 * The optimistic lock of a business record (customers, licenses, structure, teams, users): 1 when
 * created, incremented by every flush that changes the row, and part of that UPDATE's WHERE, so a
 * write from a stale copy changes nothing and fails (OptimisticLockError, answered as CONFLICT).
 */
export const recordVersion = {
  version: p.integer().version(),
};
