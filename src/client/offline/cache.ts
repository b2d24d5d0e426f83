// What the device keeps of the inspector's work so it opens without a connection: each task's detail
// with its pinned scheme version (location, window, existing answers), the session's abilities, the
// tasks pinned with "Make available offline", and the notices of work the server refused. All sealed
// with the user's key (vault.ts); only the ids that name a record are in clear.
import type { TSchemeDetail } from '../../shared/schemas/schemes.ts';
import type { TTaskDetail } from '../../shared/schemas/tasks.ts';
import { database, guardQuota, type Sealed, seal, unseal, userKey } from './vault.ts';

export interface CachedTask {
  task: TTaskDetail;
  scheme: TSchemeDetail;
  savedAt: Date;
}

/** A refusal of work done offline (kept with the task on the server), as the device shows it. */
export interface ConflictNotice {
  taskId: number;
  slotId: number;
  assignmentId: number;
  location: string;
  /** The refusal as tRPC gave it (its key translates it). */
  error: { message: string; data: { key?: string; values?: Record<string, unknown> } };
  answers: number;
  at: Date;
}

export interface Pin {
  taskId: number;
  slotId: number;
  assignmentId: number;
}

interface RecordRow {
  id: string;
  userId: number;
  body: Sealed;
}

const taskId = (userId: number, slotId: number, assignmentId: number) => `task:${userId}:${slotId}:${assignmentId}`;

async function put(userId: number, id: string, value: unknown): Promise<void> {
  const [db, key] = await Promise.all([database(), userKey(userId)]);
  const row: RecordRow = { id, userId, body: await seal(key, value) };
  await guardQuota(() => db.put('records', row));
}

async function get<T>(userId: number, id: string): Promise<T | undefined> {
  const [db, key] = await Promise.all([database(), userKey(userId)]);
  const row = (await db.get('records', id)) as RecordRow | undefined;
  return row && row.userId === userId ? unseal<T>(key, row.body) : undefined;
}

async function all<T>(userId: number, prefix: string): Promise<{ id: string; value: T }[]> {
  const [db, key] = await Promise.all([database(), userKey(userId)]);
  const rows = ((await db.getAllFromIndex('records', 'user', userId)) as RecordRow[]).filter((r) =>
    r.id.startsWith(prefix),
  );
  return Promise.all(rows.map(async (r) => ({ id: r.id, value: await unseal<T>(key, r.body) })));
}

export function saveTask(userId: number, entry: CachedTask): Promise<void> {
  return put(userId, taskId(userId, entry.task.slotId, entry.task.assignmentId), entry);
}

export function cachedTask(userId: number, slotId: number, assignmentId: number): Promise<CachedTask | undefined> {
  return get<CachedTask>(userId, taskId(userId, slotId, assignmentId));
}

export async function cachedTasks(userId: number): Promise<CachedTask[]> {
  return (await all<CachedTask>(userId, `task:${userId}:`)).map((r) => r.value);
}

/** Forget the cached tasks not in `keep` (by task id). */
export async function pruneTasks(userId: number, keep: ReadonlySet<number>): Promise<void> {
  const db = await database();
  for (const { id, value } of await all<CachedTask>(userId, `task:${userId}:`)) {
    if (!keep.has(value.task.id)) await db.delete('records', id);
  }
}

export async function pins(userId: number): Promise<Pin[]> {
  return (await get<Pin[]>(userId, `pins:${userId}`)) ?? [];
}

export async function addPin(userId: number, pin: Pin): Promise<void> {
  const list = (await pins(userId)).filter((p) => p.taskId !== pin.taskId);
  await put(userId, `pins:${userId}`, [...list, pin]);
}

export async function setPins(userId: number, list: Pin[]): Promise<void> {
  await put(userId, `pins:${userId}`, list);
}

/** The session's auth.me answer, so the app knows the inspector's abilities offline. */
export function saveSession(userId: number, me: unknown): Promise<void> {
  return put(userId, `me:${userId}`, me);
}

export function cachedSession<T>(userId: number): Promise<T | undefined> {
  return get<T>(userId, `me:${userId}`);
}

export function saveConflict(userId: number, notice: ConflictNotice): Promise<void> {
  return put(userId, `conflict:${userId}:${notice.taskId}`, notice);
}

export async function conflicts(userId: number): Promise<ConflictNotice[]> {
  return (await all<ConflictNotice>(userId, `conflict:${userId}:`)).map((r) => r.value);
}

export async function dismissConflict(userId: number, id: number): Promise<void> {
  await (await database()).delete('records', `conflict:${userId}:${id}`);
}
