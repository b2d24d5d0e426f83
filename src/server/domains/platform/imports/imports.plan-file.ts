// A whole file planned in batches: rows streamed from the file, keys repeated within the file refused
// on each later line, each batch planned by its kind; counts, every error (up to the cap) and the first
// rows of each group kept. The run writes each batch as it is planned (`onBatch`).

import { formatMessage } from '../../../../shared/errors/messages.ts';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ERRORS,
  IMPORT_SAMPLE_ROWS,
  type TImportError,
  type TImportKind,
  type TImportSamples,
} from '../../../../shared/schemas/imports.ts';
import { type ImportFormat, type OpenFile, type ParsedRow, readImportRows } from './imports.parse.ts';
import type { PlannedRow, Planner } from './imports.plan.ts';

/** Rows planned (and, in a run, written) together. */
export const PLAN_BATCH = 1000;

export interface FilePlan {
  total: number;
  create: number;
  update: number;
  unchanged: number;
  /** Rows with at least one error (exact, even past the errors cap). */
  refused: number;
  errors: TImportError[];
  samples: TImportSamples;
}

export async function planFile(
  kind: TImportKind,
  format: ImportFormat,
  open: OpenFile,
  planner: Planner,
  onBatch?: (valid: PlannedRow[], batchErrors: TImportError[], read: number) => Promise<void>,
): Promise<FilePlan> {
  const key = IMPORT_COLUMNS[kind][0];
  const plan: FilePlan = {
    total: 0,
    create: 0,
    update: 0,
    unchanged: 0,
    refused: 0,
    errors: [],
    samples: { create: [], update: [], unchanged: [] },
  };
  const seen = new Set<string>();
  let batch: ParsedRow[] = [];
  let batchErrors: TImportError[] = [];

  async function flush() {
    const errors: TImportError[] = batchErrors;
    const valid = await planner.plan(batch, errors);
    plan.refused += new Set(errors.map((e) => e.line)).size;
    for (const error of errors) if (plan.errors.length < IMPORT_MAX_ERRORS) plan.errors.push(error);
    for (const row of valid) {
      plan[row.state]++;
      if (plan.samples[row.state].length < IMPORT_SAMPLE_ROWS) plan.samples[row.state].push(row.cells);
    }
    await onBatch?.(valid, errors, plan.total);
    batch = [];
    batchErrors = [];
  }

  for await (const row of readImportRows(kind, format, open)) {
    plan.total++;
    const value = planner.key(row.cells);
    if (value && seen.has(value)) {
      batchErrors.push({
        line: row.line,
        column: key,
        message: formatMessage('imports.duplicateKey', { value: value.slice(0, 80) }),
        key: 'imports.duplicateKey',
        values: { value: value.slice(0, 80) },
      });
      continue;
    }
    if (value) seen.add(value);
    batch.push(row);
    if (batch.length >= PLAN_BATCH) await flush();
  }
  await flush();
  plan.errors.sort((a, b) => a.line - b.line);
  return plan;
}
