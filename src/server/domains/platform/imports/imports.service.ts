// Imports of a customer's records from a spreadsheet: preview (the plan: what would be created, changed,
// left as it is, and every error), run (a background job: all or nothing, or only the valid rows with
// `skipInvalid`), read back with its progress. Who may import a kind is who may create and change its
// records; a file or an import of another customer is NOT_FOUND.
import type { ListResult } from '../../../../shared/schemas/common.ts';
import {
  IMPORT_COLUMNS,
  IMPORT_KINDS,
  type TImport,
  type TImportKind,
  type TListImportsInput,
  type TPreviewImportInput,
  type TRunImportInput,
} from '../../../../shared/schemas/imports.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { authorize, authorizeRecord, requireUser, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { csvLine } from '../../../lib/csv.ts';
import { type FileRef, fileRefs } from '../../workflow/files/files.refs.ts';
import { Import } from './import.entity.ts';
import { fileOpener } from './imports.files.ts';
import { IMPORT_KIND } from './imports.kinds.ts';
import { readImport, readImports } from './imports.listing.ts';
import { formatOf, type ImportFormat, readImportRows } from './imports.parse.ts';
import { planFile } from './imports.plan-file.ts';

export { readImport } from './imports.listing.ts';

/** The pg-boss queue an import runs on. */
export const IMPORT_QUEUE = 'platform-imports';

/** The uploaded file, if the caller's customer's (NOT_FOUND otherwise), and the customer it imports into. */
async function requireImportFile(ctx: AuthedContext, fileId: number): Promise<FileRef> {
  const file = (await fileRefs(ctx.em, [fileId])).get(fileId);
  const tenant = tenantId(ctx);
  if (!file || (tenant !== null && file.customerId !== tenant)) throw notFound('File');
  return file;
}

/** The kinds the caller may import (create and change their records). */
function importableKinds(ctx: AuthedContext): TImportKind[] {
  return IMPORT_KINDS.filter(
    (k) => ctx.ability.can('create', IMPORT_KIND[k].subject) && ctx.ability.can('update', IMPORT_KIND[k].subject),
  );
}

/** FORBIDDEN unless the caller may import some kind of record (checked before anything is read). */
function authorizeImports(ctx: ServiceContext): asserts ctx is AuthedContext {
  requireUser(ctx);
  if (!importableKinds(ctx).length)
    throw new AppError('FORBIDDEN', 'common.forbidden', { action: 'create', record: 'Import' });
}

function authorizeKind(ctx: ServiceContext, kind: TPreviewImportInput['kind']): asserts ctx is AuthedContext {
  const { subject } = IMPORT_KIND[kind];
  authorize(ctx, 'create', subject);
  authorize(ctx, 'update', subject);
}

/**
 * Plan the import of an uploaded CSV or XLSX file: counts of records to create, change and leave, every
 * error with its line and column, the first rows of each group. Nothing is written but the import's own
 * row. Throws FORBIDDEN, NOT_FOUND (file), BAD_REQUEST (not a spreadsheet, no key column, too many rows).
 */
export async function previewImport(ctx: ServiceContext, input: TPreviewImportInput): Promise<TImport> {
  authorizeImports(ctx);
  authorizeKind(ctx, input.kind);
  const kind = IMPORT_KIND[input.kind];
  const file = await requireImportFile(ctx, input.fileId);
  authorizeRecord(ctx, 'create', kind.subject, { customerId: file.customerId });
  const format = formatOf(file.mimeType);
  if (!format) throw new AppError('BAD_REQUEST', 'imports.notSpreadsheet', {}, { fileId: 'imports.notSpreadsheet' });
  const planner = await kind.prepare(ctx.em, file.customerId, ctx);
  const plan = await planFile(input.kind, format, fileOpener(ctx, file), planner);
  const row = ctx.em.create(Import, {
    customer: file.customerId,
    actor: ctx.user.id,
    file: file.id,
    kind: input.kind,
    status: 'previewed',
    skipInvalid: false,
    total: plan.total,
    processed: 0,
    plannedCreate: plan.create,
    plannedUpdate: plan.update,
    created: 0,
    updated: 0,
    unchanged: plan.unchanged,
    refused: plan.refused,
    errors: plan.errors,
    samples: plan.samples,
    failure: null,
    startedAt: null,
    finishedAt: null,
  });
  await ctx.em.flush();
  return readImport(ctx.em, row.id, file.customerId);
}

/** The import, if the caller's customer's and of a kind the caller may import (NOT_FOUND / FORBIDDEN). */
async function requireImport(ctx: AuthedContext, id: number): Promise<TImport> {
  const found = await readImport(ctx.em, id, tenantId(ctx));
  authorizeKind(ctx, found.kind);
  return found;
}

/**
 * Start the import planned by the preview, as a background job (follow it with `byId`). Refused
 * (BAD_REQUEST) while the file has errors, unless `skipInvalid` imports only the valid rows; CONFLICT once
 * it has run. Throws FORBIDDEN, NOT_FOUND.
 */
export async function runImport(ctx: ServiceContext, input: TRunImportInput): Promise<TImport> {
  authorizeImports(ctx);
  const found = await requireImport(ctx, input.id);
  if (found.status !== 'previewed' && found.status !== 'failed') throw new AppError('CONFLICT', 'imports.alreadyRun');
  if (found.errors.length && !input.skipInvalid)
    throw new AppError('BAD_REQUEST', 'imports.hasErrors', {}, { skipInvalid: 'imports.hasErrors' });
  // Claimed in one statement: two runs of one import at once start it once.
  const claimed = await db(ctx.em)
    .updateTable('imports')
    .set({ status: 'running', skip_invalid: !!input.skipInvalid, processed: 0, started_at: new Date(), failure: null })
    .where('id', '=', found.id)
    .where('status', 'in', ['previewed', 'failed'])
    .returning('id')
    .executeTakeFirst();
  if (!claimed) throw new AppError('CONFLICT', 'imports.alreadyRun');
  await ctx.jobs?.send(IMPORT_QUEUE, { id: found.id });
  return readImport(ctx.em, found.id, tenantId(ctx));
}

/** One import with its progress, counts and errors. Throws FORBIDDEN, NOT_FOUND. */
export async function getImport(ctx: ServiceContext, input: { id: number }): Promise<TImport> {
  authorizeImports(ctx);
  return requireImport(ctx, input.id);
}

/**
 * The caller's customer's imports of the kinds the caller may import, newest first (Management → Imports).
 * Throws FORBIDDEN for a role that may import nothing.
 */
export async function listImports(
  ctx: ServiceContext,
  input: TListImportsInput,
): Promise<ListResult<Omit<TImport, 'errors' | 'samples'>>> {
  authorizeImports(ctx);
  return readImports(ctx.em, tenantId(ctx), input, importableKinds(ctx));
}

/**
 * The refused rows of an import as CSV: the file's own columns (the contract's names), then `line` and
 * `reasons`, one line per refused row. Throws FORBIDDEN, NOT_FOUND.
 */
export async function refusedRows(
  ctx: ServiceContext,
  input: { id: number },
): Promise<{ name: string; lines: AsyncIterable<string> }> {
  authorizeImports(ctx);
  const found = await requireImport(ctx, input.id);
  const file = (await fileRefs(ctx.em, [found.fileId])).get(found.fileId);
  const format = file && formatOf(file.mimeType);
  if (!file || !format) throw notFound('File');
  const reasons = new Map<number, string[]>();
  for (const e of found.errors)
    reasons.set(e.line, [...(reasons.get(e.line) ?? []), e.column ? `${e.column}: ${e.message}` : e.message]);
  const columns = IMPORT_COLUMNS[found.kind];
  const open = fileOpener(ctx, file);
  async function* lines() {
    yield csvLine([...columns, 'line', 'reasons']);
    if (!reasons.size) return;
    for await (const row of readImportRows(found.kind, format as ImportFormat, open)) {
      const why = reasons.get(row.line);
      if (why) yield csvLine([...columns.map((c) => row.cells[c] ?? ''), row.line, why.join('; ')]);
    }
  }
  return { name: `import-${found.id}-refused.csv`, lines: lines() };
}
