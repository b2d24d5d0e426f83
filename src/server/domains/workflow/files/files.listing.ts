// Reads of files: the listing (columns, search, sorts, owners' names, task labels, which files a task
// locks), what the caller may see, the list filters, and the authorized list, export and byId reads.
// Who may read a file: its uploader; for a task's file, whoever may read the task (an inspector: the
// files they own or of their tasks); for a file of no record, whoever may read files (CASL conditions).
// Another customer's file is NOT_FOUND.
import { subject as caslSubject } from '@casl/ability';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ALLOWED_FILE_TYPES,
  allowedFileType,
  type TFile,
  type TFileFamily,
  type TListFilesInput,
} from '../../../../shared/schemas/files.ts';
import type { DB } from '../../../db/kysely.ts';
import { db } from '../../../db/kysely.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  iterateListing,
  type ListingFilter,
  listById,
  listPage,
  listSource,
  toDate,
} from '../../../lib/list/index.ts';
import { type ConditionColumns, conditionsFilter, tenantFilter } from '../../../lib/scope.ts';
import { userRefs } from '../../organization/users/users.refs.ts';
import { questionTexts } from '../../structure/schemes/schemes.refs.ts';

/** Task states whose answers are under review or final: files they reference cannot be deleted. */
export const LOCKING_TASK_STATUSES = ['submitted', 'approved', 'rejected'] as const;

/** A listed file with what only the server sees: its owner's id, storage keys, and whether a task locks it. */
export type FileRow = Omit<TFile, 'canDelete'> & {
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
        (r.linked_type === 'task' || r.linked_type === 'correctiveAction') && r.linked_id !== null
          ? { type: r.linked_type, id: r.linked_id, label: `#${r.linked_id}` }
          : null,
      taskId: r.task_id,
      questionKey: r.question_key,
      questionText: null,
      createdAt: toDate(r.created_at),
      storageKey: r.storage_key,
      thumbnailKey: r.thumbnail_key,
      locked: false,
    };
  },
  enrich: async (em, items) => {
    const taskIds = [...new Set(items.map((i) => i.taskId).filter((id): id is number => id !== null))];
    const actionIds = items.flatMap((i) => (i.linked?.type === 'correctiveAction' ? [i.linked.id] : []));
    const [owners, tasks, locked, actions] = await Promise.all([
      userRefs(
        em,
        items.map((i) => i.ownerId),
      ),
      taskLabels(em, taskIds),
      lockedFileIds(em, items),
      actionLabels(em, actionIds),
    ]);
    const texts = await questionTexts(
      em,
      items.flatMap((i) => {
        const schemeId = i.taskId === null ? undefined : tasks.get(i.taskId)?.schemeId;
        return schemeId !== undefined && i.questionKey !== null ? [{ schemeId, key: i.questionKey }] : [];
      }),
    );
    for (const item of items) {
      item.owner = { id: item.ownerId, name: owners.get(item.ownerId)?.fullName ?? '' };
      const task = item.taskId === null ? undefined : tasks.get(item.taskId);
      if (item.linked?.type === 'task' && task) item.linked.label = task.label;
      if (task && item.questionKey !== null)
        item.questionText = texts.get(`${task.schemeId}:${item.questionKey}`) ?? null;
      if (item.linked?.type === 'correctiveAction')
        item.linked.label = actions.get(item.linked.id) ?? item.linked.label;
      item.locked = locked.has(item.id);
    }
  },
});

type FileFilter = ListingFilter<typeof fileListing>;

/** "#7 · Fire exits clear?": the corrective action's id and question (this context's table). */
async function actionLabels(em: EntityManager, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db(em)
    .selectFrom('corrective_actions')
    .select(['id', 'question_text'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, `#${r.id} · ${r.question_text}`]));
}

/**
 * Each task's label, "PRJ-2026 · #12" (its project code and id), and its scheme version (tasks and projects
 * are this context's tables).
 */
async function taskLabels(em: EntityManager, ids: number[]): Promise<Map<number, { label: string; schemeId: number }>> {
  if (!ids.length) return new Map();
  const rows = await db(em)
    .selectFrom('tasks as t')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .select(['t.id', 'p.code', 't.scheme_id'])
    .where('t.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { label: `${r.code} · #${r.id}`, schemeId: r.scheme_id }]));
}

/** `answers` holds a question answered with this file (JSON containment; `fileIds` arrays of numbers). */
export function answersReference(fileId: RawBuilder<unknown> | number): RawBuilder<SqlBool> {
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

/** The caller's ability lets them delete this file (its uploader, or a role that manages files). */
export function mayDeleteFile(ctx: AuthedContext, row: FileRow): boolean {
  return ctx.ability.can(
    'delete',
    caslSubject('File', { id: row.id, customerId: row.customerId, ownerId: row.ownerId }) as never,
  );
}

function canDelete(ctx: AuthedContext, row: FileRow): boolean {
  return !row.locked && mayDeleteFile(ctx, row);
}

/** The file as callers see it, with `canDelete` for the caller. */
export function toFile(ctx: AuthedContext, row: FileRow): TFile {
  const { ownerId: _o, storageKey: _s, thumbnailKey: _t, locked: _l, ...file } = row;
  return { ...file, canDelete: canDelete(ctx, row) };
}

/** Newest first unless the input names a sort. */
function sortOf(input: TListFilesInput) {
  return input.sortBy
    ? { sortBy: input.sortBy, orderBy: input.orderBy }
    : { sortBy: 'createdAt' as const, orderBy: 'desc' as const };
}

/** `files.list`: the files the caller may read, filtered, sorted and paged in SQL. Any role that reads files (FORBIDDEN otherwise). */
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

/** The file, if the caller may read it (NOT_FOUND otherwise); no ability check of its own. */
export async function readableRow(ctx: AuthedContext, id: number): Promise<FileRow> {
  return listById(ctx.em, fileListing, id, scopeFilters(ctx), 'File');
}

/** `files.byId`, for any role that reads files: NOT_FOUND when missing, another customer's, or not readable by the caller. */
export async function getFile(ctx: ServiceContext, input: TByIdInput): Promise<TFile> {
  authorize(ctx, 'read', 'File');
  return toFile(ctx, await readableRow(ctx, input.id));
}
