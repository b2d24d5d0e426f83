// Files, the authorized entry points: upload (streamed to a temporary file, checked, then stored),
// download, the bytes of a task's files for its PDF, and delete. Reads of the list and of one file are
// in files.listing.ts, which also says who may read a file.
import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import { MAX_FILE_BYTES, type TFile, type TUploadedFile } from '../../../../shared/schemas/files.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit/audit.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import type { FileStorage } from '../../../lib/file-storage.ts';
import { withTransaction } from '../../../lib/scope.ts';
import { queueWebhookEvent } from '../../platform/integrations/webhooks.refs.ts';
import { actionWithEvidence } from '../corrective-actions/corrective-actions.refs.ts';
import {
  answersReference,
  type FileRow,
  getFile,
  LOCKING_TASK_STATUSES,
  mayDeleteFile,
  readableRow,
  toFile,
} from './files.listing.ts';
import {
  cleanFileName,
  type ReceivedUpload,
  recordUpload,
  requireAcceptedType,
  requireUploadFields,
  requireUploadTarget,
  storageKeyFor,
  storeBytes,
  uploadedBefore,
} from './files.upload.ts';
import { discard } from './spool.ts';
import { THUMBNAIL_TYPE } from './thumbnail.ts';

export { getFile, listFiles } from './files.listing.ts';
export type { ReceivedUpload } from './files.upload.ts';

function storageOf(ctx: ServiceContext): FileStorage {
  if (!ctx.fileStorage) throw new Error('no file storage in the service context (app.ts composes it)');
  return ctx.fileStorage;
}

export interface OpenedFile {
  file: TFile;
  stream: Readable;
  contentType: string;
  /** Bytes of what is sent (the thumbnail's own size for a thumbnail). */
  size: number | null;
  /** Weak validator of what is sent. */
  etag: string;
}

/**
 * GET /api/files/{id}: the file (or its thumbnail) as a stream, for any role that reads files, of a
 * file they may read. Throws NOT_FOUND otherwise, also when it has no thumbnail or its bytes are
 * missing from the storage.
 */
export async function openFile(
  ctx: ServiceContext,
  input: { id: number; variant: 'original' | 'thumbnail' },
): Promise<OpenedFile> {
  authorize(ctx, 'read', 'File');
  const storage = storageOf(ctx);
  const row = await readableRow(ctx, input.id);
  const thumbnail = input.variant === 'thumbnail';
  const key = thumbnail ? row.thumbnailKey : row.storageKey;
  if (!key) throw new AppError('NOT_FOUND', 'files.noThumbnail');
  const stream = await storage.get(key);
  if (!stream) throw new AppError('NOT_FOUND', 'files.contentMissing');
  return {
    file: toFile(ctx, row),
    stream,
    contentType: thumbnail ? THUMBNAIL_TYPE : row.mimeType,
    size: thumbnail ? null : row.size,
    etag: `"${row.sha256}${thumbnail ? '-thumbnail' : ''}"`,
  };
}

/**
 * For the inspection PDF (tasks): the bytes of files of one task (its evidence and its signature),
 * the thumbnail where `variant` asks for it and one exists. The caller has already read the task,
 * and whoever may read a task may read its files, so only `read Task` is checked here (FORBIDDEN
 * otherwise); files of another task or customer, and missing bytes, are left out.
 */
export async function taskFileBytes(
  ctx: ServiceContext,
  task: { id: number; customerId: number },
  ids: number[],
  variant: 'original' | 'thumbnail',
): Promise<Map<number, { bytes: Buffer; mimeType: string }>> {
  authorize(ctx, 'read', 'Task');
  const unique = [...new Set(ids)];
  const out = new Map<number, { bytes: Buffer; mimeType: string }>();
  if (!unique.length) return out;
  const storage = storageOf(ctx);
  const rows = await db(ctx.em)
    .selectFrom('files')
    .select(['id', 'mime_type', 'storage_key', 'thumbnail_key'])
    .where('id', 'in', unique)
    .where('customer_id', '=', task.customerId)
    .where(
      sql<SqlBool>`(task_id = ${task.id} or id = (select t.signature_file_id from tasks t where t.id = ${task.id}))`,
    )
    .execute();
  for (const row of rows) {
    const thumbnail = variant === 'thumbnail' && row.thumbnail_key !== null;
    const stream = await storage.get(thumbnail ? (row.thumbnail_key as string) : row.storage_key);
    if (!stream) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    out.set(row.id, { bytes: Buffer.concat(chunks), mimeType: thumbnail ? THUMBNAIL_TYPE : row.mime_type });
  }
  return out;
}

/**
 * POST /api/files, for roles that upload files (FORBIDDEN otherwise, checked before a byte is read).
 * `receive`s the body (spooled within the size limit: PAYLOAD_TOO_LARGE beyond), checks the fields
 * (BAD_REQUEST naming them) and the task (NOT_FOUND out of sight; FORBIDDEN for its inspector once
 * submitted), decides the type from the content (UNSUPPORTED_MEDIA_TYPE for anything not allowed),
 * stores the bytes and an image's thumbnail, and records the file with its audit event. The same
 * `clientId` again answers with the file stored the first time.
 */
export async function uploadFile(
  ctx: ServiceContext,
  receive: (limit: number) => Promise<ReceivedUpload>,
): Promise<TUploadedFile> {
  authorize(ctx, 'upload', 'File');
  const storage = storageOf(ctx);
  const received = await receive(MAX_FILE_BYTES);
  try {
    // 1. rules: the fields and where the file goes
    const fields = requireUploadFields(received.fields);
    const target = await requireUploadTarget(ctx, fields);

    // 2. a replay of an upload already stored (the outbox resends what it could not confirm): that file
    const clientId = fields.clientId ?? null;
    const earlier = clientId === null ? undefined : await uploadedBefore(ctx.em, ctx.user.id, clientId);
    if (earlier) return earlier;

    // 3. the type, from the content
    const type = await requireAcceptedType(received);
    const name = cleanFileName(received.name, type.extension);

    // 4. write: the bytes, then the row and its audit event
    const storageKey = storageKeyFor(target.customerId);
    const stored: string[] = [];
    try {
      const { thumbnailKey } = await storeBytes(storage, storageKey, received.file, type, stored);
      const file = received.file;
      const result = await withTransaction(ctx, async (tx) => {
        const recorded = await recordUpload(tx, {
          target,
          fields,
          clientId,
          name,
          type,
          file,
          storageKey,
          thumbnailKey,
        });
        // The webhook event of a new file, with the file as the business API reads it, in this transaction.
        if (typeof recorded === 'number') {
          await queueWebhookEvent(tx.em, target.customerId, 'file.uploaded', () => getFile(tx, { id: recorded }));
        }
        return recorded;
      });
      if (typeof result !== 'number') {
        await Promise.allSettled(stored.map((k) => storage.delete(k)));
        return result;
      }
      return { id: result, name, mimeType: type.mimeType, size: file.size, sha256: file.sha256 };
    } catch (error) {
      // No row without its bytes, and no bytes left behind without a row.
      await Promise.allSettled(stored.map((k) => storage.delete(k)));
      throw error;
    }
  } finally {
    await discard(received.file.path);
  }
}

/** Tasks whose (submitted, approved or rejected) answers or signature use this file: "PRJ-1 · #12". */
async function tasksUsing(em: EntityManager, file: FileRow): Promise<string[]> {
  const rows = await db(em)
    .selectFrom('tasks as t')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .select(['t.id', 'p.code'])
    .where('t.customer_id', '=', file.customerId)
    .where('t.status', 'in', [...LOCKING_TASK_STATUSES])
    .where(sql<SqlBool>`(t.signature_file_id = ${file.id} or ${answersReference(file.id)})`)
    .orderBy('t.id')
    .limit(5)
    .execute();
  return rows.map((r) => `${r.code} · #${r.id}`);
}

/** CONFLICT when a task under review or approved, or a corrective action, keeps the file as evidence. */
async function requireUnusedFile(tx: AuthedContext, row: FileRow): Promise<void> {
  const using = await tasksUsing(tx.em, row);
  if (using.length) {
    throw new AppError('CONFLICT', 'files.evidenceOfTask', { name: row.name, tasks: using.join(', ') });
  }
  // Evidence of a corrective action (done or verified) stays as long as the action does.
  const action = await actionWithEvidence(tx.em, row.customerId, row.id);
  if (action) {
    throw new AppError('CONFLICT', 'files.evidenceOfAction', { name: row.name, id: action.id });
  }
}

/**
 * `files.delete`: the uploader, or a role that manages files (admin, businessadmin), of a file they may
 * read. Throws NOT_FOUND (out of sight), FORBIDDEN (neither uploader nor manager), CONFLICT (a
 * submitted, approved or rejected task, or a corrective action that is not cancelled, uses it as
 * evidence). The row goes first; the stored bytes are removed after the commit.
 */
export async function deleteFile(ctx: ServiceContext, input: TByIdInput): Promise<TDeleted> {
  authorize(ctx, 'delete', 'File');
  const storage = storageOf(ctx);
  const { id } = input;
  const keys = await withTransaction(ctx, async (tx) => {
    // 1. guard
    const row = await readableRow(tx, id);
    if (!mayDeleteFile(tx, row)) {
      throw new AppError('FORBIDDEN', 'files.onlyUploaderDeletes');
    }
    // Lock the row: two deletes of the same file, or a delete beside a task's submit, go one after the other.
    await db(tx.em).selectFrom('files').select('id').where('id', '=', id).forUpdate().execute();

    // 2. rules
    await requireUnusedFile(tx, row);

    // 3. write
    await db(tx.em).deleteFrom('files').where('id', '=', id).execute();

    // 4. audit
    const { name, mimeType, size, sha256, ownerId, taskId } = row;
    recordAudit(tx, {
      action: 'delete',
      entityType: 'File',
      entityId: id,
      customerId: row.customerId,
      changes: { name, mimeType, size, sha256, ownerId, taskId },
    });
    return [row.storageKey, row.thumbnailKey].filter((k): k is string => k !== null);
  });
  // After the commit: a storage hiccup here leaves unreachable bytes, never a listed file without them.
  await Promise.allSettled(keys.map((k) => storage.delete(k)));
  return { id, deleted: true };
}
