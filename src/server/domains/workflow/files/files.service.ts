// Files: uploads (streamed to a temporary file, checked, then stored), the list of what the caller may
// see, downloads and deletes. Who may read a file: its uploader; for a task's file, whoever may read the
// task (DOMAIN.md: "read self" for qualitycontrol = files they own or of their tasks); for a file of no
// record, whoever may read files (CASL conditions). Another customer's file is NOT_FOUND.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { subject as caslSubject } from '@casl/ability';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import {
  ALLOWED_FILE_TYPES,
  allowedFileType,
  MAX_FILE_BYTES,
  type TFile,
  type TFileFamily,
  type TListFilesInput,
  type TUploadedFile,
  ZUploadFields,
} from '../../../../shared/schemas/files.ts';
import type { DB } from '../../../db/kysely.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, zodFieldErrors, zodMessage } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit/audit.ts';
import { authorize, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import type { FileStorage } from '../../../lib/file-storage.ts';
import {
  defineListing,
  equalsFilter,
  iterateListing,
  type ListingFilter,
  listById,
  listPage,
  listSource,
  toDate,
} from '../../../lib/list.ts';
import { type ConditionColumns, conditionsFilter, tenantFilter, withTransaction } from '../../../lib/scope.ts';
import { userRefs } from '../../organization/users/users.refs.ts';
import { detectFileType } from './detect.ts';
import { File } from './file.entity.ts';
import { discard, type SpooledFile } from './spool.ts';
import { makeThumbnail, THUMBNAIL_TYPE } from './thumbnail.ts';

/** Task states whose answers are under review or final: files they reference cannot be deleted. */
const LOCKING_TASK_STATUSES = ['submitted', 'approved', 'rejected'] as const;

/** Task states in which its inspector may still add files (working on it, or sent back for rework). */
const PERFORMER_UPLOAD_STATUSES = ['in_progress', 'rejected'];

type FileRow = Omit<TFile, 'canDelete'> & {
  ownerId: number;
  storageKey: string;
  thumbnailKey: string | null;
  locked: boolean;
};

function fileSource(k: Kysely<DB>) {
  return listSource(k.selectFrom('files as f'), {
    id: 'f.id',
    select: (qb) =>
      qb.select([
        'f.id',
        'f.customer_id',
        'f.owner_id',
        'f.name',
        'f.mime_type',
        'f.size',
        'f.sha256',
        'f.storage_key',
        'f.thumbnail_key',
        'f.linked_type',
        'f.linked_id',
        'f.task_id',
        'f.question_key',
        'f.created_at',
      ]),
    search: ['f.name'],
    sorts: { name: 'f.name', size: 'f.size', mimeType: 'f.mime_type', createdAt: 'f.created_at' },
    defaultDirection: 'desc',
  });
}

export const fileListing = defineListing({
  source: fileSource,
  map: (r): FileRow => {
    const type = allowedFileType(r.mime_type);
    return {
      id: r.id,
      customerId: r.customer_id,
      ownerId: r.owner_id,
      name: r.name,
      mimeType: r.mime_type,
      size: r.size,
      sha256: r.sha256,
      family: type?.family ?? 'document',
      hasThumbnail: r.thumbnail_key !== null,
      inline: type?.inline ?? false,
      owner: { id: r.owner_id, name: '' },
      linked:
        r.linked_type === 'task' && r.linked_id !== null
          ? { type: 'task', id: r.linked_id, label: `#${r.linked_id}` }
          : null,
      taskId: r.task_id,
      questionKey: r.question_key,
      createdAt: toDate(r.created_at),
      storageKey: r.storage_key,
      thumbnailKey: r.thumbnail_key,
      locked: false,
    };
  },
  enrich: async (em, items) => {
    const taskIds = [...new Set(items.map((i) => i.taskId).filter((id): id is number => id !== null))];
    const [owners, tasks, locked] = await Promise.all([
      userRefs(
        em,
        items.map((i) => i.ownerId),
      ),
      taskLabels(em, taskIds),
      lockedFileIds(em, items),
    ]);
    for (const item of items) {
      item.owner = { id: item.ownerId, name: owners.get(item.ownerId)?.fullName ?? '' };
      if (item.linked && item.taskId !== null) item.linked.label = tasks.get(item.taskId) ?? item.linked.label;
      item.locked = locked.has(item.id);
    }
  },
});

type FileFilter = ListingFilter<typeof fileListing>;

/** "PRJ-2026 · #12": the task's project code and id (tasks and projects are this context's tables). */
async function taskLabels(em: EntityManager, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db(em)
    .selectFrom('tasks as t')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .select(['t.id', 'p.code'])
    .where('t.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, `${r.code} · #${r.id}`]));
}

/** `answers` holds a question answered with this file (JSON containment; `fileIds` arrays of numbers). */
function answersReference(fileId: RawBuilder<unknown> | number): RawBuilder<SqlBool> {
  return sql<SqlBool>`t.answers @> jsonb_build_array(jsonb_build_object('fileIds', jsonb_build_array(${fileId}::int)))`;
}

/** Of these files, those their own task (submitted, approved or rejected) uses as evidence or signature. */
async function lockedFileIds(em: EntityManager, items: { id: number; taskId: number | null }[]): Promise<Set<number>> {
  const linked = items.filter((i) => i.taskId !== null);
  if (!linked.length) return new Set();
  const rows = await db(em)
    .selectFrom('files as f')
    .innerJoin('tasks as t', 't.id', 'f.task_id')
    .select('f.id')
    .where(
      'f.id',
      'in',
      linked.map((i) => i.id),
    )
    .where('t.status', 'in', [...LOCKING_TASK_STATUSES])
    .where(sql<SqlBool>`(t.signature_file_id = f.id or ${answersReference(sql.ref('f.id'))})`)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The task conditions of the caller's abilities as SQL on `tasks as t`. */
function taskConditions(ctx: AuthedContext, action: 'read' | 'perform'): RawBuilder<SqlBool> | undefined {
  // Columns of the alias `t` (Kysely types references by table name; the SQL is the same).
  const columns = {
    id: 't.id',
    customerId: 't.customer_id',
    teamId: 't.team_id',
    assigneeId: 't.assignee_id',
    projectId: 't.project_id',
    locationId: 't.location_id',
  };
  return conditionsFilter(ctx, action, 'Task', columns as unknown as ConditionColumns<DB, 'tasks'>) as
    | RawBuilder<SqlBool>
    | undefined;
}

/**
 * What of `files as f` the caller may read (besides the tenant scope): their own uploads; a task's
 * files when they may read the task; a file of no record under the File read conditions.
 */
function visibleFilter(ctx: AuthedContext): FileFilter {
  const task = taskConditions(ctx, 'read');
  const fileColumns = { id: 'f.id', customerId: 'f.customer_id', ownerId: 'f.owner_id' };
  const file = conditionsFilter(ctx, 'read', 'File', fileColumns as unknown as ConditionColumns<DB, 'files'>) as
    | RawBuilder<SqlBool>
    | undefined;
  const canReadTasks = ctx.ability.can('read', 'Task');
  if (task === undefined && file === undefined && canReadTasks) return undefined;
  const taskPart = !canReadTasks
    ? sql<SqlBool>`false`
    : task === undefined
      ? sql<SqlBool>`f.task_id is not null`
      : sql<SqlBool>`(f.task_id is not null and exists (select 1 from tasks t where t.id = f.task_id and ${task}))`;
  const filePart = file === undefined ? sql<SqlBool>`f.task_id is null` : sql<SqlBool>`(f.task_id is null and ${file})`;
  return sql<SqlBool>`(f.owner_id = ${ctx.user.id} or ${taskPart} or ${filePart})`;
}

function familyFilter(family: TFileFamily | undefined): FileFilter {
  if (!family) return undefined;
  const types = ALLOWED_FILE_TYPES.filter((t) => t.family === family).map((t) => t.mimeType);
  return sql<SqlBool>`f.mime_type = any(${types})`;
}

function scopeFilters(ctx: AuthedContext): FileFilter[] {
  return [tenantFilter(ctx, 'f.customer_id'), visibleFilter(ctx)];
}

function listFilters(ctx: AuthedContext, input: Omit<TListFilesInput, 'page' | 'itemsPerPage'>): FileFilter[] {
  return [
    ...scopeFilters(ctx),
    equalsFilter('f.customer_id', input.customerId),
    familyFilter(input.family),
    equalsFilter('f.task_id', input.taskId),
    equalsFilter('f.owner_id', input.ownerId),
    input.from && sql<SqlBool>`f.created_at >= ${input.from}`,
    input.to && sql<SqlBool>`f.created_at < ${input.to}`,
  ];
}

function canDelete(ctx: AuthedContext, row: FileRow): boolean {
  return (
    !row.locked &&
    ctx.ability.can(
      'delete',
      caslSubject('File', { id: row.id, customerId: row.customerId, ownerId: row.ownerId }) as never,
    )
  );
}

function toFile(ctx: AuthedContext, row: FileRow): TFile {
  const { ownerId: _o, storageKey: _s, thumbnailKey: _t, locked: _l, ...file } = row;
  return { ...file, canDelete: canDelete(ctx, row) };
}

/** Newest first unless the input names a sort. */
function sortOf(input: TListFilesInput) {
  return input.sortBy
    ? { sortBy: input.sortBy, orderBy: input.orderBy }
    : { sortBy: 'createdAt' as const, orderBy: 'desc' as const };
}

/** files.list: the files the caller may read, filtered, sorted and paged in SQL. Any role that reads files. */
export async function listFiles(
  ctx: ServiceContext,
  input: TListFilesInput,
): Promise<{ items: TFile[]; total: number }> {
  authorize(ctx, 'read', 'File');
  const page = await listPage(ctx.em, fileListing, listFilters(ctx, input), { ...input, ...sortOf(input) });
  return { items: page.items.map((row) => toFile(ctx, row)), total: page.total };
}

/** Every file the caller may read matching the filter, in batches (CSV export). */
export async function* iterateFiles(ctx: ServiceContext, input: TListFilesInput): AsyncGenerator<TFile[]> {
  authorize(ctx, 'read', 'File');
  for await (const batch of iterateListing(ctx.em, fileListing, listFilters(ctx, input), {
    q: input.q,
    ...sortOf(input),
  })) {
    yield batch.map((row) => toFile(ctx, row));
  }
}

async function readableRow(ctx: AuthedContext, id: number): Promise<FileRow> {
  return listById(ctx.em, fileListing, id, scopeFilters(ctx), 'File');
}

/** files.byId: NOT_FOUND when missing, another customer's, or not readable by the caller. */
export async function getFile(ctx: ServiceContext, id: number): Promise<TFile> {
  authorize(ctx, 'read', 'File');
  return toFile(ctx, await readableRow(ctx, id));
}

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
 * A download: the file (or its thumbnail) as a stream, for callers who may read the file (NOT_FOUND
 * otherwise, also when it has no thumbnail or its bytes are missing from the storage).
 */
export async function openFile(
  ctx: ServiceContext,
  id: number,
  variant: 'original' | 'thumbnail' = 'original',
): Promise<OpenedFile> {
  authorize(ctx, 'read', 'File');
  const storage = storageOf(ctx);
  const row = await readableRow(ctx, id);
  const key = variant === 'thumbnail' ? row.thumbnailKey : row.storageKey;
  if (!key) throw new AppError('NOT_FOUND', 'This file has no thumbnail');
  const stream = await storage.get(key);
  if (!stream) throw new AppError('NOT_FOUND', 'The content of this file is missing from the storage');
  return {
    file: toFile(ctx, row),
    stream,
    contentType: variant === 'thumbnail' ? THUMBNAIL_TYPE : row.mimeType,
    size: variant === 'thumbnail' ? null : row.size,
    etag: `"${row.sha256}${variant === 'thumbnail' ? '-thumbnail' : ''}"`,
  };
}

/**
 * For the inspection PDF (tasks): the bytes of files of one task (its evidence and its signature),
 * the thumbnail where `variant` asks for it and one exists. The caller has already read the task,
 * and whoever may read a task may read its files (see the file header), so nothing is authorized
 * again here; files of another task or customer, and missing bytes, are left out.
 */
export async function taskFileBytes(
  ctx: ServiceContext,
  task: { id: number; customerId: number },
  ids: number[],
  variant: 'original' | 'thumbnail',
): Promise<Map<number, { bytes: Buffer; mimeType: string }>> {
  // The caller read the task through its service already; this says so again before any read.
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

/* ------------------------------------------------------------------ upload */

/** What the transport hands over: the file, already spooled (within `limit`), and the other form fields. */
export interface ReceivedUpload {
  name: string;
  file: SpooledFile;
  fields: Record<string, string>;
}

interface UploadTarget {
  customerId: number;
  taskId: number | null;
}

/**
 * The task an upload is for, if the caller may add files to it: NOT_FOUND when it is another
 * customer's or the caller may not read it; FORBIDDEN for its inspector outside in_progress/rejected.
 */
async function uploadTask(ctx: AuthedContext, taskId: number): Promise<{ id: number; customerId: number }> {
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
    throw new AppError('NOT_FOUND', 'Task not found', { taskId: ['Task not found'] });
  }
  const performer =
    !ctx.ability.can('manage', 'File') && ctx.ability.can('perform', caslSubject('Task', record) as never);
  if (performer && !PERFORMER_UPLOAD_STATUSES.includes(task.status)) {
    throw new AppError(
      'FORBIDDEN',
      'You can add files to your task only while it is in progress or sent back for rework',
    );
  }
  return { id: task.id, customerId: task.customer_id };
}

/** The file this uploader stored with this client id, if any (as POST /api/files answered then). */
async function uploadedBefore(
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

function storageKeyFor(customerId: number, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${customerId}/${now.getUTCFullYear()}/${month}/${crypto.randomUUID()}`;
}

/**
 * POST /api/files. Authorizes first (`upload File`), then `receive`s the body (spooled within the size
 * limit: PAYLOAD_TOO_LARGE beyond), checks the fields (BAD_REQUEST naming them) and the task (see
 * uploadTask), decides the type from the content (UNSUPPORTED_MEDIA_TYPE for anything not allowed),
 * stores the bytes and an image's thumbnail, and records the file with its audit event.
 */
export async function uploadFile(
  ctx: ServiceContext,
  receive: (limit: number) => Promise<ReceivedUpload>,
): Promise<TUploadedFile> {
  authorize(ctx, 'upload', 'File');
  const storage = storageOf(ctx);
  const received = await receive(MAX_FILE_BYTES);
  try {
    const parsed = ZUploadFields.safeParse(received.fields);
    if (!parsed.success) throw new AppError('BAD_REQUEST', zodMessage(parsed.error), zodFieldErrors(parsed.error));
    const fields = parsed.data;
    if (fields.questionKey !== undefined && fields.taskId === undefined) {
      throw new AppError('BAD_REQUEST', 'questionKey needs the taskId of its task', {
        questionKey: ["Send the taskId of the question's task"],
      });
    }
    const task = fields.taskId !== undefined ? await uploadTask(ctx, fields.taskId) : null;
    const own = tenantId(ctx);
    const target: UploadTarget = { customerId: task?.customerId ?? own ?? 0, taskId: task?.id ?? null };
    if (!target.customerId) {
      throw new AppError(
        'BAD_REQUEST',
        'Name the task this file belongs to: the platform operator has no customer of its own',
        {
          taskId: ['Required for the platform operator'],
        },
      );
    }
    const clientId = fields.clientId ?? null;
    // A replay of an upload already stored (the outbox resends what it could not confirm): that file.
    const earlier = clientId === null ? undefined : await uploadedBefore(ctx.em, ctx.user.id, clientId);
    if (earlier) return earlier;
    if (received.file.size === 0)
      throw new AppError('BAD_REQUEST', 'The file is empty', { file: ['The file is empty'] });
    const detected = await detectFileType(received.file, received.name);
    if (!detected.type) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Files of this type (${detected.found}) are not accepted: upload a photo (JPEG, PNG, WebP, GIF, HEIC), a PDF, an Office or OpenDocument file, CSV or plain text`,
        { file: ['This type of file is not accepted'] },
      );
    }
    const type = detected.type;
    const name = cleanFileName(received.name, type.extension);
    const key = storageKeyFor(target.customerId);
    const stored: string[] = [];
    try {
      await storage.put(key, fs.createReadStream(received.file.path), {
        size: received.file.size,
        contentType: type.mimeType,
      });
      stored.push(key);
      let thumbnailKey: string | null = null;
      if (type.thumbnail) {
        const thumbnail = await makeThumbnail(received.file.path);
        if (thumbnail) {
          thumbnailKey = `${key}-thumbnail`;
          await storage.put(thumbnailKey, Readable.from([thumbnail]), {
            size: thumbnail.length,
            contentType: THUMBNAIL_TYPE,
          });
          stored.push(thumbnailKey);
        }
      }
      const result = await withTransaction(ctx, async (tx): Promise<TUploadedFile | number> => {
        if (clientId !== null) {
          // Two sends of one upload at once: one stores, the other answers with its file.
          await sql`select pg_advisory_xact_lock(hashtext(${`files:${tx.user.id}:${clientId}`}))`.execute(db(tx.em));
          const raced = await uploadedBefore(tx.em, tx.user.id, clientId);
          if (raced) return raced;
        }
        const file = tx.em.create(File, {
          customer: target.customerId,
          owner: tx.user.id,
          name,
          mimeType: type.mimeType,
          size: received.file.size,
          sha256: received.file.sha256,
          storageKey: key,
          thumbnailKey,
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
            size: received.file.size,
            sha256: received.file.sha256,
            taskId: target.taskId,
            questionKey: fields.questionKey ?? null,
          },
        });
        return file.id;
      });
      if (typeof result !== 'number') {
        await Promise.allSettled(stored.map((k) => storage.delete(k)));
        return result;
      }
      return { id: result, name, mimeType: type.mimeType, size: received.file.size, sha256: received.file.sha256 };
    } catch (error) {
      // No row without its bytes, and no bytes left behind without a row.
      await Promise.allSettled(stored.map((k) => storage.delete(k)));
      throw error;
    }
  } finally {
    await discard(received.file.path);
  }
}

/* ------------------------------------------------------------------ delete */

/** Tasks whose (submitted, approved or rejected) answers or signature use this file: "PRJ-1 · #12". */
async function tasksUsing(
  em: EntityManager,
  file: { id: number; customerId: number; taskId: number | null },
): Promise<string[]> {
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

/**
 * files.delete: the uploader, or a role that manages files (admin, businessadmin), of a file they may
 * read (NOT_FOUND otherwise). CONFLICT when a submitted, approved or rejected task uses it as evidence,
 * or a corrective action that is not cancelled.
 * The row goes first; the stored bytes are removed after the commit.
 */
export async function deleteFile(ctx: ServiceContext, id: number): Promise<TDeleted> {
  authorize(ctx, 'delete', 'File');
  const storage = storageOf(ctx);
  const keys = await withTransaction(ctx, async (tx) => {
    const row = await readableRow(tx, id);
    if (
      !tx.ability.can(
        'delete',
        caslSubject('File', { id: row.id, customerId: row.customerId, ownerId: row.ownerId }) as never,
      )
    ) {
      throw new AppError('FORBIDDEN', 'Only its uploader or an administrator may delete this file');
    }
    // Lock the row: two deletes of the same file, or a delete beside a task's submit, go one after the other.
    await db(tx.em).selectFrom('files').select('id').where('id', '=', id).forUpdate().execute();
    const using = await tasksUsing(tx.em, row);
    if (using.length) {
      throw new AppError(
        'CONFLICT',
        `"${row.name}" is evidence in submitted task ${using.join(', ')}: it cannot be deleted while the task is under review or approved`,
      );
    }
    // Evidence of a corrective action (done or verified) stays as long as the action does.
    const action = await db(tx.em)
      .selectFrom('corrective_actions')
      .select('id')
      .where('customer_id', '=', row.customerId)
      .where('status', '<>', 'cancelled')
      .where(sql<SqlBool>`evidence_file_ids @> ${JSON.stringify([id])}::jsonb`)
      .limit(1)
      .executeTakeFirst();
    if (action)
      throw new AppError(
        'CONFLICT',
        `"${row.name}" is evidence of corrective action #${action.id}: it cannot be deleted`,
      );
    await db(tx.em).deleteFrom('files').where('id', '=', id).execute();
    recordAudit(tx, {
      action: 'delete',
      entityType: 'File',
      entityId: id,
      customerId: row.customerId,
      changes: {
        name: row.name,
        mimeType: row.mimeType,
        size: row.size,
        sha256: row.sha256,
        ownerId: row.ownerId,
        taskId: row.taskId,
      },
    });
    return [row.storageKey, row.thumbnailKey].filter((k): k is string => k !== null);
  });
  // After the commit: a storage hiccup here leaves unreachable bytes, never a listed file without them.
  await Promise.allSettled(keys.map((k) => storage.delete(k)));
  return { id, deleted: true };
}
