// Files: uploaded documents and photos.
// REST: POST /api/files (multipart: part `file`, optional fields `taskId`, `questionKey`) and
// GET /api/files/{id} (?thumbnail=1, ?inline=1). tRPC: files.list | byId | delete.
//
// A file belongs to one customer and its uploader; it may be linked to a task (and one of its
// questions). Types are decided from the content (magic bytes), never from the name.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { customerFilter, ZNameRef } from './business.ts';
import { listInput, listOutput, ZId, ZInputDate, ZQuestionKey } from './common.ts';

/** Largest upload: 25 MB (answered 413 above it). */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;

/**
 * Largest image: 100 megapixels (e.g. 12,000 × 8,000; a phone's photo is 12–50), judged from the
 * image's header before any of it is decoded; answered 413 above it.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** What the list's type filter groups the allowed types into. */
export const FILE_FAMILIES = ['image', 'pdf', 'document'] as const;
export type TFileFamily = (typeof FILE_FAMILIES)[number];

/** An allowed type: its MIME type, the extension a download gets when the name has none, its family. */
export interface AllowedFileType {
  mimeType: string;
  extension: string;
  family: TFileFamily;
  /** Safe to show in the browser (`?inline=1`): raster images and PDF. */
  inline: boolean;
  /** Gets a thumbnail. */
  thumbnail: boolean;
}

const type = (
  mimeType: string,
  extension: string,
  family: TFileFamily,
  inline = false,
  thumbnail = false,
): AllowedFileType => ({
  mimeType,
  extension,
  family,
  inline,
  thumbnail,
});

/** Every type an upload may have (decided from the content); anything else is 415. */
export const ALLOWED_FILE_TYPES: readonly AllowedFileType[] = [
  type('image/jpeg', 'jpg', 'image', true, true),
  type('image/png', 'png', 'image', true, true),
  type('image/webp', 'webp', 'image', true, true),
  type('image/gif', 'gif', 'image', true, true),
  // HEIC (iPhone photos): kept and downloadable; browsers and the bundled image library cannot show it.
  type('image/heic', 'heic', 'image'),
  type('image/heif', 'heif', 'image'),
  type('application/pdf', 'pdf', 'pdf', true),
  type('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx', 'document'),
  type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', 'document'),
  type('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx', 'document'),
  type('application/vnd.oasis.opendocument.text', 'odt', 'document'),
  type('application/vnd.oasis.opendocument.spreadsheet', 'ods', 'document'),
  type('text/csv', 'csv', 'document'),
  type('text/plain', 'txt', 'document'),
];

export function allowedFileType(mimeType: string): AllowedFileType | undefined {
  return ALLOWED_FILE_TYPES.find((t) => t.mimeType === mimeType);
}

/** Where a file belongs: a task (evidence of an inspection) or a corrective action (evidence of its fix). */
export const FILE_LINK_TYPES = ['task', 'correctiveAction'] as const;
export type TFileLinkType = (typeof FILE_LINK_TYPES)[number];

/** POST /api/files answers 201 with this. */
export const ZUploadedFile = z.object({
  id: z.number(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  sha256: z.string(),
});
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

/** The multipart fields beside the `file` part. */
export const ZUploadFields = z.object({
  taskId: ZId.optional(),
  questionKey: ZQuestionKey.optional(),
  /**
   * The client's own id for this upload (the perform page's outbox): the same uploader sending the same
   * id again gets the file stored the first time (201, same body), never a second file.
   */
  clientId: z.string().trim().min(1).max(100, msg('files.clientIdMax')).optional(),
  /**
   * `1`: a photo or signature of work the inspector's device did offline on a task that changed on the
   * server meanwhile (cancelled, reassigned, submitted elsewhere). Kept with the task for the reviewer
   * (tasks.keepOfflineWork names it), whatever the task's state, from its assignee or an inspector of its team.
   */
  offlineKept: z.literal('1').optional(),
});
export type TUploadFields = z.infer<typeof ZUploadFields>;

export const ZFile = ZUploadedFile.extend({
  customerId: z.number(),
  family: z.enum(FILE_FAMILIES),
  /** A thumbnail can be fetched (`GET /api/files/{id}?thumbnail=1`). */
  hasThumbnail: z.boolean(),
  /** The browser may show it (`?inline=1`). */
  inline: z.boolean(),
  owner: ZNameRef,
  /** The record it belongs to, or null. */
  linked: z.object({ type: z.enum(FILE_LINK_TYPES), id: z.number(), label: z.string() }).nullable(),
  taskId: z.number().nullable(),
  questionKey: z.string().nullable(),
  /** The question's text in the task's scheme version, when the file answers one. */
  questionText: z.string().nullable(),
  createdAt: z.date(),
  /** May the caller delete it (owner or manage; a submitted task's evidence never). */
  canDelete: z.boolean(),
});
export type TFile = z.infer<typeof ZFile>;

export const FILE_SORT_KEYS = ['name', 'size', 'mimeType', 'createdAt'] as const;
/** q matches the name. Default sort: createdAt desc (newest first). */
export const ZListFilesInput = listInput(FILE_SORT_KEYS, {
  ...customerFilter,
  family: z.enum(FILE_FAMILIES).optional(),
  taskId: ZId.optional(),
  ownerId: ZId.optional(),
  /** Uploaded at or after `from` and before `to`. */
  from: ZInputDate.optional(),
  to: ZInputDate.optional(),
});
export type TListFilesInput = z.infer<typeof ZListFilesInput>;
export const ZFileList = listOutput(ZFile);
