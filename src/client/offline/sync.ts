// The offline layer of the field app (loaded lazily, never on a first load): one outbox per task on the
// encrypted store, sent task after task, each in order, whenever the connection is there (at start, on
// `online`, after a change) and again with a growing pause after a failure; the inspector's tasks for
// today and tomorrow, and those pinned with "Make available offline", kept on the device and refreshed
// in the background; work the server refused because the task changed meanwhile handed in with the
// task (tasks.keepOfflineWork) and said plainly on the device; the space used; the wipe at logout.
import type { TAnswerInput, TTask } from '../../shared/schemas/tasks.ts';
import { trpcClient, trpcUtils } from '../lib/query.ts';
import {
  type AnswerPatch,
  backoffMs,
  type ConflictError,
  type FlushResult,
  Outbox,
  PermanentError,
  type UploadOp,
} from '../pages/tasks/perform/outbox.ts';
import { performTransport, uploadOp } from '../pages/tasks/perform/transport.ts';
import * as cache from './cache.ts';
import { SealedOutboxStore, waitingByTask } from './outbox-store.ts';
import { publishPending } from './pending-bridge.ts';
import {
  askPersistence,
  closeDatabase,
  DB_NAME,
  database,
  dropLegacyStore,
  forgetKey,
  StorageFullError,
  storageEstimate,
} from './vault.ts';

/** The background refresh of the tasks kept on the device. */
const REFRESH_MS = 5 * 60_000;
/** Task states worth keeping on the device (the inspector can still work on them). */
const WORKABLE = new Set(['scheduled', 'in_progress', 'rejected']);

export interface QueueEntry {
  taskId: number;
  label: string;
  waiting: number;
  /** When the next try is due after a failure. */
  retryAt: number | null;
  error: unknown;
}

export interface OfflineStatus {
  userId: number | null;
  /** Changes waiting on the device, all tasks. */
  waiting: number;
  queue: QueueEntry[];
  /** Tasks (ids) the device keeps and can open offline. */
  available: ReadonlySet<number>;
  conflicts: cache.ConflictNotice[];
  storage: { usage: number; quota: number } | null;
  persisted: boolean;
  /** A write the device refused for want of space. */
  storageFull: boolean;
  sending: boolean;
}

let status: OfflineStatus = {
  userId: null,
  waiting: 0,
  queue: [],
  available: new Set(),
  conflicts: [],
  storage: null,
  persisted: false,
  storageFull: false,
  sending: false,
};
const listeners = new Set<() => void>();

export function getStatus(): OfflineStatus {
  return status;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a status field reads the same: a value, or a set or list of the same entries (field by field). */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((v) => b.has(v));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => shallowSame(v, b[i]));
  return shallowSame(a, b);
}

function shallowSame(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/**
 * How long the pages showing the status wait for more of a burst of changes (the layer's start reads
 * several stores in turn): each notification re-renders them at once, so a burst is said once.
 */
const NOTIFY_AFTER_MS = 30;
let notifying: ReturnType<typeof setTimeout> | undefined;

function update(patch: Partial<OfflineStatus>): void {
  if ((Object.keys(patch) as (keyof OfflineStatus)[]).every((key) => same(status[key], patch[key]))) return;
  status = { ...status, ...patch };
  publishPending(status.waiting);
  notifying ??= setTimeout(() => {
    notifying = undefined;
    for (const listener of listeners) listener();
  }, NOTIFY_AFTER_MS);
}

const outboxes = new Map<string, Promise<Outbox>>();
/** How the queue names a task (its store), from the tasks the device keeps. */
const labels = new Map<number, string>();
const attempts = new Map<number, number>();
const retries = new Map<number, number>();
const errors = new Map<number, unknown>();
let timer: ReturnType<typeof setTimeout> | undefined;
let refresher: ReturnType<typeof setInterval> | undefined;

function requireUser(): number {
  if (status.userId === null) throw new Error('The offline layer has not started');
  return status.userId;
}

/** The one outbox of a task for the signed-in user (the page and the background share it). */
export function outboxFor(taskId: number): Promise<Outbox> {
  const userId = requireUser();
  const key = `${userId}:${taskId}`;
  let outbox = outboxes.get(key);
  if (!outbox) {
    outbox = Outbox.open(new SealedOutboxStore(userId), taskId).then((opened) => {
      opened.subscribe(() => void recount());
      return opened;
    });
    outboxes.set(key, outbox);
    outbox.catch(() => outboxes.delete(key));
  }
  return outbox;
}

/** Record a write failure: a full device is said, never silent. */
export function noteWriteError(error: unknown): void {
  if (error instanceof StorageFullError) update({ storageFull: true });
}

async function recount(): Promise<void> {
  const userId = status.userId;
  if (userId === null) return;
  const counts = await waitingByTask(userId);
  const queue = [...counts].map(([taskId, waiting]) => ({
    taskId,
    label: labels.get(taskId) ?? `#${taskId}`,
    waiting,
    retryAt: retries.get(taskId) ?? null,
    error: errors.get(taskId) ?? null,
  }));
  update({ waiting: queue.reduce((n, q) => n + q.waiting, 0), queue });
}

/** The answers waiting in an outbox, merged per question, as tasks.keepOfflineWork takes them. */
function waitingAnswers(outbox: Outbox, kept: ReadonlyMap<string, number>): TAnswerInput[] {
  const byKey = new Map<string, AnswerPatch>();
  for (const op of outbox.pending()) {
    if (op.kind === 'answer') byKey.set(op.questionKey, { ...byKey.get(op.questionKey), ...op.patch });
  }
  return [...byKey].map(([questionKey, patch]) => {
    const { files, ...rest } = patch;
    const fileIds = (files ?? [])
      .map((ref) => outbox.resolve(ref) ?? kept.get(ref) ?? null)
      .filter((id): id is number => id !== null);
    return { questionKey, ...rest, ...(files ? { fileIds } : {}) };
  });
}

/** Hand in the work the server refused (kept with the task for the reviewer), then clear it here. */
async function handIn(outbox: Outbox, error: ConflictError): Promise<void> {
  const userId = requireUser();
  const cause = error.cause as { message?: string; data?: { key?: string; values?: Record<string, unknown> } };
  const refusal = {
    message: cause?.message ?? error.message,
    data: { key: cause?.data?.key, values: cause?.data?.values },
  };
  const clientMutationId = (await outbox.meta<string>('keepId')) ?? crypto.randomUUID();
  await outbox.setMeta('keepId', clientMutationId);
  // The photos and signatures go with the answers (the task takes them as kept work, in any state); one
  // the server refuses all the same is counted for the reviewer. A failure to reach it retries the hand-in.
  const uploads = outbox.pending().filter((op): op is UploadOp => op.kind === 'upload');
  const kept = new Map<string, number>();
  for (const op of uploads) {
    try {
      kept.set(op.id, (await uploadOp(op, { offlineKept: true })).id);
    } catch (failure) {
      if (!(failure instanceof PermanentError)) throw failure;
    }
  }
  const answers = waitingAnswers(outbox, kept);
  const start = outbox.startWaiting;
  const filesNotSent = uploads.length - kept.size;
  await trpcClient.tasks.keepOfflineWork.mutate({
    id: outbox.taskId,
    clientMutationId,
    answers,
    refusal: refusal.message.slice(0, 1000),
    ...(start ? { checkedInAt: new Date(start.checkedInAt) } : {}),
    filesNotSent,
  });
  const cached = (await cache.cachedTasks(userId)).find((c) => c.task.id === outbox.taskId);
  await cache.saveConflict(userId, {
    taskId: outbox.taskId,
    slotId: cached?.task.slotId ?? 0,
    assignmentId: cached?.task.assignmentId ?? 0,
    location: cached ? `${cached.task.location.code} · ${cached.task.location.name}` : `#${outbox.taskId}`,
    error: refusal,
    answers: answers.length,
    at: new Date(),
  });
  await outbox.setMeta('keepId', null);
  await outbox.clear();
  update({ conflicts: await cache.conflicts(userId) });
  void trpcUtils.tasks.invalidate();
}

/**
 * Send what waits for one task, in order. A refusal because the task changed is handed in and cleared
 * (`conflict` in the result); a transient failure is tried again after a growing pause.
 */
export function flushTask(taskId: number): Promise<FlushResult> {
  // One at a time per task: the page and the background may ask at once, and a refusal is handed in once.
  let running = flushing.get(taskId);
  if (!running) {
    running = flushTaskNow(taskId).finally(() => flushing.delete(taskId));
    flushing.set(taskId, running);
  }
  return running;
}

const flushing = new Map<number, Promise<FlushResult>>();

async function flushTaskNow(taskId: number): Promise<FlushResult> {
  const outbox = await outboxFor(taskId);
  if (outbox.size === 0) return { ok: true, sent: 0 };
  update({ sending: true });
  let result: FlushResult;
  try {
    result = await outbox.flush(performTransport(trpcClient));
    if (!result.ok && 'conflict' in result) {
      try {
        await handIn(outbox, result.error);
      } catch (error) {
        // Handing in failed (offline again): the work stays queued and is handed in on the next try.
        result = { ok: false, sent: result.sent, error, permanent: false };
      }
    }
  } finally {
    update({ sending: false });
  }
  if (result.ok || ('conflict' in result && result.conflict) || ('permanent' in result && result.permanent)) {
    attempts.delete(taskId);
    retries.delete(taskId);
    errors.delete(taskId);
    if (result.sent > 0) void trpcUtils.tasks.invalidate();
    // What followed a change refused for good may still go.
    if (!result.ok && 'permanent' in result) schedule(0);
  } else {
    const attempt = (attempts.get(taskId) ?? 0) + 1;
    attempts.set(taskId, attempt);
    retries.set(taskId, Date.now() + backoffMs(attempt));
    errors.set(taskId, result.error);
    schedule(backoffMs(attempt));
  }
  await recount();
  return result;
}

function schedule(delay: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void flushAll(), delay);
}

let flushingAll: Promise<void> | null = null;

/** Send every task's waiting changes, task after task (each in its own order). */
export function flushAll(): Promise<void> {
  flushingAll ??= (async () => {
    try {
      const userId = status.userId;
      if (userId === null || !navigator.onLine) return;
      const counts = await waitingByTask(userId);
      for (const taskId of [...counts.keys()].sort((a, b) => a - b)) {
        const due = retries.get(taskId);
        if (due !== undefined && due > Date.now() + 50) continue;
        await flushTask(taskId);
      }
    } finally {
      flushingAll = null;
    }
  })();
  return flushingAll;
}

/** Send now, whatever the pauses (the queue's "Send now", the logout dialog). */
export async function sendNow(): Promise<number> {
  retries.clear();
  attempts.clear();
  await flushAll();
  await recount();
  return status.waiting;
}

/** Today 00:00 to the day after tomorrow 00:00, in the device's time zone. */
function agenda(): { from: Date; to: Date } {
  const from = new Date();
  from.setHours(0, 0, 0, 0);
  const to = new Date(from);
  to.setDate(to.getDate() + 2);
  return { from, to };
}

async function keep(userId: number, slotId: number, assignmentId: number): Promise<number> {
  const task = await trpcClient.tasks.bySlot.query({ slotId, assignmentId });
  const scheme = await trpcClient.schemes.byId.query({ id: task.schemeId });
  await cache.saveTask(userId, { task, scheme, savedAt: new Date() });
  return task.id;
}

let refreshing: Promise<void> | null = null;

/** Keep today's and tomorrow's tasks and the pinned ones on the device, fresh from the server. */
export function refresh(): Promise<void> {
  refreshing ??= (async () => {
    const userId = status.userId;
    try {
      if (userId === null || !navigator.onLine) return;
      const me = await trpcClient.auth.me.query();
      await cache.saveSession(userId, me);
      const { from, to } = agenda();
      const list = await trpcClient.tasks.list.query({ mine: true, from, to, itemsPerPage: -1 });
      const pins = await cache.pins(userId);
      const waiting = await waitingByTask(userId);
      const kept = new Set<number>(waiting.keys());
      const wanted = [
        ...list.items.filter((t: TTask) => WORKABLE.has(t.status) && t.assigneeId === userId),
        ...pins.map((p) => ({ id: p.taskId, slotId: p.slotId, assignmentId: p.assignmentId })),
      ];
      for (const t of wanted) {
        try {
          kept.add(await keep(userId, t.slotId, t.assignmentId));
        } catch (error) {
          noteWriteError(error);
          // A pinned task that is gone (or no longer this inspector's) is unpinned.
        }
      }
      // Pins that failed are dropped; one added meanwhile (Make available offline) stays, with its task.
      const gone = new Set(pins.filter((p) => !kept.has(p.taskId)).map((p) => p.taskId));
      const now = (await cache.pins(userId)).filter((p) => !gone.has(p.taskId));
      await cache.setPins(userId, now);
      for (const p of now) kept.add(p.taskId);
      // Conflicted tasks keep no detail; those with waiting changes keep theirs.
      await cache.pruneTasks(userId, kept);
    } catch (error) {
      noteWriteError(error);
    } finally {
      refreshing = null;
      if (userId !== null) await noteAvailable(userId);
    }
  })();
  return refreshing;
}

async function noteAvailable(userId: number): Promise<void> {
  const tasks = await cache.cachedTasks(userId).catch(() => []);
  for (const c of tasks) labels.set(c.task.id, `${c.task.location.code} · ${c.task.location.name}`);
  await recount();
  update({
    available: new Set(tasks.map((c) => c.task.id)),
    storage: await storageEstimate(),
    conflicts: await cache.conflicts(userId).catch(() => []),
  });
}

/** "Make available offline": keep this task on the device from now on. */
export async function makeAvailable(pin: cache.Pin): Promise<void> {
  const userId = requireUser();
  // After a refresh under way, so it neither misses the pin nor prunes the task just kept.
  await refreshing?.catch(() => undefined);
  await cache.addPin(userId, pin);
  await keep(userId, pin.slotId, pin.assignmentId);
  await noteAvailable(userId);
}

/** A task's detail as the device keeps it (offline, or before the server answers). */
export function cachedTask(slotId: number, assignmentId: number): Promise<cache.CachedTask | undefined> {
  return cache.cachedTask(requireUser(), slotId, assignmentId);
}

export async function cachedTasks(): Promise<cache.CachedTask[]> {
  return cache.cachedTasks(requireUser());
}

/** Keep a task the inspector opened online (the page's fresh answer). */
export async function rememberTask(entry: cache.CachedTask): Promise<void> {
  const userId = requireUser();
  try {
    await cache.saveTask(userId, entry);
    if (!status.available.has(entry.task.id)) await noteAvailable(userId);
  } catch (error) {
    noteWriteError(error);
  }
}

/** The refusal of this task's offline work, if the device has one to say. */
export async function conflictOf(taskId: number): Promise<cache.ConflictNotice | null> {
  return (await cache.conflicts(requireUser())).find((c) => c.taskId === taskId) ?? null;
}

export async function dismissConflict(taskId: number): Promise<void> {
  const userId = requireUser();
  await cache.dismissConflict(userId, taskId);
  update({ conflicts: await cache.conflicts(userId) });
}

export function cachedSession<T>(userId: number): Promise<T | undefined> {
  return cache.cachedSession<T>(userId);
}

const onOnline = () => {
  retries.clear();
  void flushAll().then(refresh);
};

/** Start for the signed-in user: persistence asked, what waits sent, the tasks kept fresh. */
export function startOffline(userId: number): void {
  if (status.userId === userId) return;
  stopOffline();
  update({ userId, waiting: 0, queue: [], available: new Set(), conflicts: [], storageFull: false });
  dropLegacyStore();
  void askPersistence().then((persisted) => update({ persisted }));
  void recount()
    .then(() => noteAvailable(userId))
    .then(flushAll)
    .then(refresh);
  window.addEventListener('online', onOnline);
  refresher = setInterval(() => void flushAll().then(refresh), REFRESH_MS);
}

export function stopOffline(): void {
  clearTimeout(timer);
  clearInterval(refresher);
  window.removeEventListener('online', onOnline);
  outboxes.clear();
  attempts.clear();
  retries.clear();
  errors.clear();
}

/**
 * Logout: every record this app wrote for the user on this device is deleted, and the user's key; the
 * database itself when nothing of another user is left in it.
 */
export async function wipe(userId: number): Promise<void> {
  stopOffline();
  const db = await database();
  for (const store of ['records', 'ops', 'meta'] as const) {
    const tx = db.transaction(store, 'readwrite');
    for (const key of await tx.store.index('user').getAllKeys(userId)) await tx.store.delete(key);
    await tx.done;
  }
  await db.delete('keys', userId);
  forgetKey(userId);
  const left = (await db.count('keys')) + (await db.count('records')) + (await db.count('ops'));
  update({ userId: null, waiting: 0, queue: [], available: new Set(), conflicts: [] });
  if (left === 0) {
    await closeDatabase();
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(DB_NAME);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    });
  }
  dropLegacyStore();
}

/** Changes waiting for `userId` on this device (the logout dialog names them). */
export async function waitingFor(userId: number): Promise<number> {
  let n = 0;
  for (const count of (await waitingByTask(userId)).values()) n += count;
  return n;
}
