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
