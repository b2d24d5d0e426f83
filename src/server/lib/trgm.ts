// pg_trgm GIN indexes declared in entity metadata, so the migration generator knows them (and never
// proposes to drop them). They serve the lists' `q` search (ILIKE '%q%'). The extension itself is
// created by the migration that first needs it (`create extension if not exists pg_trgm`).

/** An index entry for `defineEntity({ indexes: [...] })`: `<table>_<column>_trgm`. */
export function trgmIndex(table: string, column: string): { name: string; expression: string } {
  const name = `${table}_${column}_trgm`;
  return { name, expression: `create index "${name}" on "${table}" using gin ("${column}" gin_trgm_ops)` };
}
