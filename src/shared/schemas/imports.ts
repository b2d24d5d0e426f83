// Imports: a spreadsheet (CSV or XLSX, uploaded through POST /api/files) into a customer's records.
// Procedures: imports.preview | run | byId | list. REST: GET /api/imports/{id}/refused.csv (the refused rows
// and their reasons), GET /api/export/<kind>.csv|.xlsx (the same columns, so an export imports back unchanged).
import { z } from 'zod';
import { listInput, listOutput, ZId } from './common.ts';
import { type TOpeningHours, WEEKDAYS } from './locations.ts';

export const IMPORT_KINDS = ['locations', 'users', 'teams', 'directions', 'subDirections', 'classes'] as const;
export type TImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_STATUSES = ['previewed', 'running', 'done', 'failed'] as const;
export type TImportStatus = (typeof IMPORT_STATUSES)[number];

/** At most this many data rows a file (a larger file is refused whole, before anything is written). */
export const IMPORT_MAX_ROWS = 50_000;
/** At most this many errors are kept and shown (the count of refused rows is always exact). */
export const IMPORT_MAX_ERRORS = 5_000;
/** The preview shows this many rows of each group (created, updated, unchanged). */
export const IMPORT_SAMPLE_ROWS = 5;

/**
 * The columns of each kind as files name them (the contract's header names); the first is the key.
 * Headers match in any order and case, and the aliases in imports.headers.ts (French, German, Arabic).
 */
export const IMPORT_COLUMNS = {
  locations: [
    'code',
    'name',
    'address',
    'city',
    'latitude',
    'longitude',
    'geofenceRadiusM',
    'timeZone',
    'direction',
    'subDirection',
    'class',
    'openingHours',
    'active',
  ],
  users: ['email', 'fullName', 'role', 'teams', 'language', 'active'],
  teams: ['name', 'description', 'leader', 'active'],
  directions: ['code', 'name', 'description', 'active'],
  subDirections: ['code', 'name', 'direction', 'description', 'active'],
  classes: ['name', 'description', 'color'],
} as const satisfies Record<TImportKind, readonly string[]>;

/** One refused cell or row: the file's line (the header is line 1), the contract's column name, why. */
export const ZImportError = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
  /** The message's catalogue key and values (errors or validation namespace), for the client's words. */
  key: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TImportError = z.infer<typeof ZImportError>;

/** The first rows of each group, as the file has them (contract column → cell text). */
export const ZImportSamples = z.object({
  create: z.array(z.record(z.string(), z.string())),
  update: z.array(z.record(z.string(), z.string())),
  unchanged: z.array(z.record(z.string(), z.string())),
});
export type TImportSamples = z.infer<typeof ZImportSamples>;

export const ZPreviewImportInput = z.object({ kind: z.enum(IMPORT_KINDS), fileId: ZId });
export type TPreviewImportInput = z.infer<typeof ZPreviewImportInput>;

export const ZRunImportInput = z.object({ id: ZId, skipInvalid: z.boolean().optional() });
export type TRunImportInput = z.infer<typeof ZRunImportInput>;

export const ZImport = z.object({
  id: z.number(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  fileId: z.number(),
  fileName: z.string(),
  actor: z.object({ id: z.number(), fullName: z.string() }),
  skipInvalid: z.boolean(),
  total: z.number(),
  processed: z.number(),
  /** Counts planned by the preview, then those written once the run is done. */
  create: z.number(),
  update: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  refused: z.number(),
  errors: z.array(ZImportError),
  samples: ZImportSamples,
  /** Why a run failed as a whole (an error key of the errors namespace), null otherwise. */
  failure: z.string().nullable(),
  createdAt: z.date(),
  startedAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
});
export type TImport = z.infer<typeof ZImport>;

/** What the preview answers: the plan and every error. */
export const ZImportPreview = ZImport;

export const IMPORT_SORT_KEYS = ['createdAt'] as const;
/** Newest first. */
export const ZListImportsInput = listInput(IMPORT_SORT_KEYS, {
  kind: z.enum(IMPORT_KINDS).optional(),
  status: z.enum(IMPORT_STATUSES).optional(),
});
export type TListImportsInput = z.infer<typeof ZListImportsInput>;
export const ZImportList = listOutput(ZImport.omit({ errors: true, samples: true }));

/** Opening hours as the import and export column writes them: `mon 08:00-12:00,13:00-18:00; tue 09:00-17:00`. */
export function openingHoursText(hours: TOpeningHours): string {
  return WEEKDAYS.filter((d) => hours[d]?.length)
    .map((d) => `${d} ${hours[d].map((i) => `${i.open}-${i.close}`).join(',')}`)
    .join('; ');
}
