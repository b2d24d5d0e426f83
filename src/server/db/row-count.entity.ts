// Exact row counts of big tables per demo tenant, kept by statement-level triggers (see the migration that creates
// them), so an unfiltered list's total is one index lookup instead of counting a million rows.
// Read through lib/list (`keptRowCount`); nothing writes here but the triggers.
import { defineEntity, p } from '@mikro-orm/core';

export const TableRowCountSchema = defineEntity({
  name: 'TableRowCount',
  tableName: 'table_row_counts',
  properties: {
    tableName: p.string().length(63).primary(),
    /** The demo tenant the count is for (0: rows without one, the seeded samples). */
    tenantId: p.integer().primary(),
    rowCount: p.bigint('number'),
  },
});
export class TableRowCount extends TableRowCountSchema.class {}
TableRowCountSchema.setClass(TableRowCount);
