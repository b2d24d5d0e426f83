// The planning every kind of import shares: a row's state (new, changed, unchanged), the domain schema
// run over the input a kind builds from the cells, and the row's errors by line and column.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Subject } from '../../../../shared/abilities/index.ts';
import type { ErrorKey, ErrorValues } from '../../../../shared/errors/messages.ts';
import type { TImportError } from '../../../../shared/schemas/imports.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { CellError, cellError, zodErrors } from './imports.cells.ts';
import type { ParsedRow } from './imports.parse.ts';

export type RowState = 'create' | 'update' | 'unchanged';

export interface PlannedRow<R = unknown> {
  line: number;
  cells: Record<string, string>;
  state: RowState;
  record: R;
}

export interface WriteCounts {
  created: number;
  updated: number;
}

/** A kind's planner for one customer: what it loaded once, then batches of rows. */
export interface Planner<R = unknown> {
  /** The row's natural key as duplicates are compared (e-mails in lower case). */
  key(cells: Record<string, string>): string;
  /** The valid rows of the batch with their state; the others' errors pushed onto `errors`. */
  plan(rows: ParsedRow[], errors: TImportError[]): Promise<PlannedRow<R>[]>;
  /** Write the rows that are new or changed (one statement a batch); `audit` goes on each record's event. */
  write(tx: AuthedContext, rows: PlannedRow<R>[], audit: Record<string, unknown>): Promise<WriteCounts>;
}

export interface ImportKind {
  /** Who may import: the ability to create and update this subject. */
  subject: Extract<Subject, 'Location' | 'User' | 'Team' | 'Direction' | 'SubDirection' | 'Class'>;
  prepare(em: EntityManager, customerId: number, ctx: AuthedContext): Promise<Planner>;
}

/** Refused by a rule of the import itself (a reference not found, archived, ambiguous). */
export function refuse(column: string, key: ErrorKey, values: ErrorValues = {}): CellError {
  return new CellError(column, key, values);
}

/** Runs `build` on each row: its CellErrors and the schema's issues become the row's errors. */
export function planRows<R, S extends z.ZodType>(
  rows: ParsedRow[],
  errors: TImportError[],
  schema: S,
  paths: Record<string, string>,
  build: (row: ParsedRow) => Record<string, unknown>,
  finish: (row: ParsedRow, input: z.output<S>) => { record: R; state: RowState },
): PlannedRow<R>[] {
  const out: PlannedRow<R>[] = [];
  for (const row of rows) {
    if (row.formulas.length) {
      for (const column of row.formulas) errors.push(cellError(row.line, new CellError(column, 'imports.formula')));
      continue;
    }
    try {
      const parsed = schema.safeParse(build(row));
      if (!parsed.success) {
        errors.push(...zodErrors(row.line, parsed.error, paths));
        continue;
      }
      const { record, state } = finish(row, parsed.data);
      out.push({ line: row.line, cells: row.cells, state, record });
    } catch (error) {
      if (error instanceof CellError) errors.push(cellError(row.line, error));
      else throw error;
    }
  }
  return out;
}

/** JSON with object keys sorted (jsonb gives its keys back in its own order). */
function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Whether the stored record already has every field of the new one. */
export function same(existing: object | undefined, next: object): boolean {
  if (!existing) return false;
  const stored = existing as Record<string, unknown>;
  return Object.entries(next).every(([k, v]) => canonical(stored[k]) === canonical(v));
}

export function stateOf(existing: object | undefined, next: object): RowState {
  if (!existing) return 'create';
  return same(existing, next) ? 'unchanged' : 'update';
}
