// The steps of an upload, in the order uploadFile takes them: the form fields, the task it is for
// (and whether the caller may add files to it), a replay of an earlier send, the type decided from
// the content, the bytes (and an image's thumbnail) stored, then the row with its audit event.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { subject as caslSubject } from '@casl/ability';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { AllowedFileType, TUploadedFile, TUploadFields } from '../../../../shared/schemas/files.ts';
import { MAX_IMAGE_PIXELS, ZUploadFields } from '../../../../shared/schemas/files.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, InputError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit/audit.ts';
import { tenantId } from '../../../lib/authz.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import type { FileStorage } from '../../../lib/file-storage.ts';
import { detectFileType } from './detect.ts';
import { File } from './file.entity.ts';
import type { SpooledFile } from './spool.ts';
import { imageSize, makeThumbnail, THUMBNAIL_TYPE } from './thumbnail.ts';

/** Task states in which its inspector may still add files (working on it, or sent back for rework). */
const PERFORMER_UPLOAD_STATUSES = ['in_progress', 'rejected'];

/** What the transport hands over: the file, already spooled (within `limit`), and the other form fields. */
export interface ReceivedUpload {
  name: string;
  /** The MIME type the sender gave the file (only text is judged by it). */
  mimeType: string;
  file: SpooledFile;
  fields: Record<string, string>;
}

/** Where an upload goes: the customer it belongs to, and its task if any. */
export interface UploadTarget {
  customerId: number;
  taskId: number | null;
}

/** The form fields beside the file (BAD_REQUEST naming them). */
export function requireUploadFields(raw: Record<string, string>): TUploadFields {
  const parsed = ZUploadFields.safeParse(raw);
  if (!parsed.success) throw InputError.fromZod(parsed.error, raw);
  const fields = parsed.data;
  if (fields.questionKey !== undefined && fields.taskId === undefined) {
    throw new AppError('BAD_REQUEST', 'files.questionKeyNeedsTask', {}, { questionKey: 'files.sendQuestionTask' });
  }
  return fields;
}

/**
 * The task an upload is for, if the caller may add files to it: NOT_FOUND when it is another
 * customer's or the caller may not read it; FORBIDDEN for its inspector outside in_progress/rejected.
 */
async function requireUploadTask(
  ctx: AuthedContext,
  taskId: number,
  offlineKept: boolean,
): Promise<{ id: number; customerId: number }> {
  const tenant = tenantId(ctx);
  const task = await db(ctx.em)
    .selectFrom('tasks as t')
    .select(['t.id', 't.customer_id', 't.team_id', 't.assignee_id', 't.project_id', 't.location_id', 't.status'])
    .where('t.id', '=', taskId)
    .$if(tenant !== null, (qb) => qb.where('t.customer_id', '=', tenant!))
    .executeTakeFirst();
  const record = task && {
    id: task.id,
    customerId: task.customer_id,
    teamId: task.team_id,
    assigneeId: task.assignee_id,
    projectId: task.project_id,
    locationId: task.location_id,
  };
  if (!task || !record || !ctx.ability.can('read', caslSubject('Task', record) as never)) {
    throw new AppError('NOT_FOUND', 'common.notFound', { record: 'Task' }, { taskId: 'common.notFound' });
  }
  const performer =
    !ctx.ability.can('manage', 'File') && ctx.ability.can('perform', caslSubject('Task', record) as never);
  // Work the device did offline before the task changed is kept with it (never dropped), in any state,
  // from the inspector whose work it was (the assignee then, or one of the team's: tasks.keepOfflineWork).
  const keptWork = offlineKept && (task.assignee_id === ctx.user.id || ctx.user.teamIds.includes(task.team_id));
  if (performer && !keptWork && !PERFORMER_UPLOAD_STATUSES.includes(task.status)) {
    throw new AppError('FORBIDDEN', 'files.taskClosedForFiles');
  }
  return { id: task.id, customerId: task.customer_id };
}

/**
 * The customer and task the upload goes to: the task's (see requireUploadTask), else the caller's own
 * customer; BAD_REQUEST on `taskId` for the platform operator, who has none.
 */
export async function requireUploadTarget(ctx: AuthedContext, fields: TUploadFields): Promise<UploadTarget> {
  const task =
    fields.taskId !== undefined ? await requireUploadTask(ctx, fields.taskId, fields.offlineKept === '1') : null;
  const target: UploadTarget = { customerId: task?.customerId ?? tenantId(ctx) ?? 0, taskId: task?.id ?? null };
  if (!target.customerId) {
    throw new AppError('BAD_REQUEST', 'files.operatorNamesTask', {}, { taskId: 'files.taskRequiredForOperator' });
  }
  return target;
}

/** The file this uploader stored with this client id, if any (as POST /api/files answered then). */
export async function uploadedBefore(
  em: EntityManager,
  ownerId: number,
  clientId: string,
): Promise<TUploadedFile | undefined> {
  const row = await db(em)
    .selectFrom('files')
    .select(['id', 'name', 'mime_type', 'size', 'sha256'])
    .where('owner_id', '=', ownerId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, mimeType: row.mime_type, size: row.size, sha256: row.sha256 };
}

/**
 * The type decided from the content: BAD_REQUEST when empty, UNSUPPORTED_MEDIA_TYPE when not allowed,
 * PAYLOAD_TOO_LARGE for an image over MAX_IMAGE_PIXELS.
 */
export async function requireAcceptedType(received: ReceivedUpload): Promise<AllowedFileType> {
  if (received.file.size === 0) throw new AppError('BAD_REQUEST', 'files.empty', {}, { file: 'files.empty' });
  const detected = await detectFileType(received.file, received.name, received.mimeType);
  if (!detected.type) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'files.typeNotAccepted',
      { found: detected.found },
      { file: 'files.typeNotAcceptedField' },
    );
  }
  // An image's pixel count, from its header: decoding a huge one (a few hundred KB can declare billions
  // of pixels) would take the server's memory, so it is refused before anything decodes it.
  if (detected.type.family === 'image') {
    const size = await imageSize(received.file.path);
    if (size && size.width * size.height > MAX_IMAGE_PIXELS) {
      const values = { width: size.width, height: size.height, megapixels: MAX_IMAGE_PIXELS / 1_000_000 };
      throw new AppError('PAYLOAD_TOO_LARGE', 'files.tooManyPixels', values, { file: 'files.tooManyPixelsField' });
    }
  }
  return detected.type;
}

/** The name as stored: no folders, no control characters, at most 255 characters (extension kept). */
export function cleanFileName(raw: string, extension: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  let name = base
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim();
  if (!name || name === '.' || name === '..') name = `file.${extension}`;
  if (name.length > 255) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = name.slice(0, 255 - ext.length) + ext;
  }
  return name;
}

export function storageKeyFor(customerId: number, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${customerId}/${now.getUTCFullYear()}/${month}/${crypto.randomUUID()}`;
}

/**
 * Stores the bytes under `key` and, for a type that has one, the thumbnail beside it. Every key
 * stored is pushed onto `stored` at once, so the caller can remove them whatever fails next.
 */
export async function storeBytes(
  storage: FileStorage,
  key: string,
  file: SpooledFile,
  type: AllowedFileType,
  stored: string[],
): Promise<{ thumbnailKey: string | null }> {
  await storage.put(key, fs.createReadStream(file.path), { size: file.size, contentType: type.mimeType });
  stored.push(key);
  if (!type.thumbnail) return { thumbnailKey: null };
  const thumbnail = await makeThumbnail(file.path);
  if (!thumbnail) return { thumbnailKey: null };
  const thumbnailKey = `${key}-thumbnail`;
  await storage.put(thumbnailKey, Readable.from([thumbnail]), { size: thumbnail.length, contentType: THUMBNAIL_TYPE });
  stored.push(thumbnailKey);
  return { thumbnailKey };
}

/**
 * The file's row and its audit event, in the caller's transaction. With a client id, two sends of one
 * upload at once are taken one after the other, and the second answers with the first's file.
 * Returns the new row's id, or the file stored before.
 */
export async function recordUpload(
  tx: AuthedContext,
  upload: {
    target: UploadTarget;
    fields: TUploadFields;
    clientId: string | null;
    name: string;
    type: AllowedFileType;
    file: SpooledFile;
    storageKey: string;
    thumbnailKey: string | null;
  },
): Promise<TUploadedFile | number> {
  const { target, fields, clientId, name, type, file: spooled } = upload;
  if (clientId !== null) {
    await sql`select pg_advisory_xact_lock(hashtext(${`files:${tx.user.id}:${clientId}`}))`.execute(db(tx.em));
    const raced = await uploadedBefore(tx.em, tx.user.id, clientId);
    if (raced) return raced;
  }
  const file = tx.em.create(File, {
    customer: target.customerId,
    owner: tx.user.id,
    name,
    mimeType: type.mimeType,
    size: spooled.size,
    sha256: spooled.sha256,
    storageKey: upload.storageKey,
    thumbnailKey: upload.thumbnailKey,
    linkedType: target.taskId !== null ? 'task' : null,
    linkedId: target.taskId,
    task: target.taskId,
    questionKey: fields.questionKey ?? null,
    clientId,
  });
  await tx.em.flush();
  recordAudit(tx, {
    action: 'create',
    entityType: 'File',
    entityId: file.id,
    customerId: target.customerId,
    changes: {
      name,
      mimeType: type.mimeType,
      size: spooled.size,
      sha256: spooled.sha256,
      taskId: target.taskId,
      questionKey: fields.questionKey ?? null,
    },
  });
  return file.id;
}
