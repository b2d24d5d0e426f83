// The perform page's outbox: every change an inspector makes (an answer, a photo, the signature) is
// first written to a durable store as an ordered operation of its task, then sent in order. Nothing is
// lost when the connection drops or the page reloads: what was not confirmed is still in the store and
// is sent again. Each operation carries a client id (an upload sends it as `clientId`, so the server
// stores one file whatever the number of sends; answers merge by question key, so resending is harmless).
//
// The logic lives here over a small `OutboxStore` interface (an in-memory store for the unit tests,
// IndexedDB in the browser, encrypted: src/client/offline/outbox-store.ts).
import type { TAnswerValue } from '../../../../shared/schemas/tasks.ts';
import { type FileRef, refFileId } from './file-ref.ts';

export { type FileRef, fileRef, refFileId } from './file-ref.ts';

/** What an answer change says; fields left out keep their value (tasks.saveAnswers merges the same way). */
export interface AnswerPatch {
  value?: TAnswerValue | null;
  na?: boolean;
  comment?: string | null;
  /** The whole list of the answer's files, as refs. */
  files?: FileRef[];
}

export interface AnswerOp {
  kind: 'answer';
  id: string;
  taskId: number;
  seq: number;
  questionKey: string;
  patch: AnswerPatch;
}

export interface UploadOp {
  kind: 'upload';
  /** The client id of the upload (also the ref the answers use until it is stored). */
  id: string;
  taskId: number;
  seq: number;
  questionKey: string;
  name: string;
  blob: Blob;
}

/** A check-in recorded on the device (offline): sent as tasks.start with the device's time. */
export interface StartOp {
  kind: 'start';
  id: string;
  taskId: number;
  seq: number;
  latitude: number;
  longitude: number;
  accuracy: number;
  outOfFenceReason?: string;
  /** ISO time the device checked in. */
  checkedInAt: string;
}

/** A submit recorded on the device: sent as tasks.submit with its id as the clientMutationId. */
export interface SubmitOp {
  kind: 'submit';
  id: string;
  taskId: number;
  seq: number;
  /** The signature's ref (uploaded before it, so resolved by then). */
  signature: FileRef | null;
}

export type OutboxOp = AnswerOp | UploadOp | StartOp | SubmitOp;

/** Durable storage of the operations and of small per-task values (uploaded ids, the submit id). */
export interface OutboxStore {
  ops(taskId: number): Promise<OutboxOp[]>;
  put(op: OutboxOp): Promise<void>;
  remove(id: string): Promise<void>;
  getMeta<T>(taskId: number, name: string): Promise<T | undefined>;
  setMeta(taskId: number, name: string, value: unknown): Promise<void>;
}

/** How the outbox reaches the server. */
export interface OutboxTransport {
  saveAnswers(
    taskId: number,
    answers: {
      questionKey: string;
      value?: TAnswerValue | null;
      na?: boolean;
      comment?: string | null;
      fileIds?: number[];
    }[],
  ): Promise<void>;
  upload(op: UploadOp): Promise<{ id: number }>;
  start(op: StartOp): Promise<void>;
  submit(op: SubmitOp, signatureFileId: number | undefined): Promise<void>;
}

/** A refusal the server will repeat however often the change is sent (a 4xx other than 408/429). */
export class PermanentError extends Error {
  /** `cause`: the refusal itself (a tRPC error carries the message key to translate). */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentError';
  }
}

/**
 * A refusal because the task changed on the server meanwhile (cancelled, given to someone else,
 * submitted elsewhere, its window or project closed): nothing waiting for it can go any more. The
 * outbox keeps those changes for the caller to hand in (tasks.keepOfflineWork), never drops them.
 */
export class ConflictError extends PermanentError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConflictError';
  }
}

export type FlushResult =
  | { ok: true; sent: number }
  | { ok: false; sent: number; error: ConflictError; conflict: true }
  | { ok: false; sent: number; error: unknown; permanent: false }
  | { ok: false; sent: number; error: unknown; permanent: true; dropped: OutboxOp[] };

/** Milliseconds before retry number `attempt` (1, 2, …): 1 s doubling, at most 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

const UPLOADED = 'uploaded';

export class Outbox {
  private readonly store: OutboxStore;
  readonly taskId: number;
  private queue: OutboxOp[] = [];
  private uploaded: Record<string, number> = {};
  private sending = new Set<string>();
  private seq = 0;
  private listeners = new Set<() => void>();
  private flushing: Promise<FlushResult> | null = null;
  /** Changes are recorded one after another (a merge must see the previous change in the queue). */
  private chain: Promise<unknown> = Promise.resolve();

  private constructor(store: OutboxStore, taskId: number) {
    this.store = store;
    this.taskId = taskId;
  }

  /** The task's outbox as the store kept it (after a reload: everything not yet confirmed). */
  static async open(store: OutboxStore, taskId: number): Promise<Outbox> {
    const outbox = new Outbox(store, taskId);
    outbox.queue = (await store.ops(taskId)).sort((a, b) => a.seq - b.seq);
    outbox.uploaded = (await store.getMeta<Record<string, number>>(taskId, UPLOADED)) ?? {};
    outbox.seq = outbox.queue.reduce((max, op) => Math.max(max, op.seq), 0);
    return outbox;
  }

  /** The operations still to send, oldest first. */
  pending(): readonly OutboxOp[] {
    return this.queue;
  }

  get size(): number {
    return this.queue.length;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** The stored file id of a ref, once known. */
  resolve(ref: FileRef): number | null {
    return refFileId(ref) ?? this.uploaded[ref] ?? null;
  }

  /**
   * Record an answer change. A change to the same question as the last waiting operation (not being
   * sent) is merged into it, so typing a sentence is one operation, not one per key.
   */
  answer(questionKey: string, patch: AnswerPatch, id: string = crypto.randomUUID()): Promise<void> {
    return this.serial(() => this.record(questionKey, patch, id));
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async record(questionKey: string, patch: AnswerPatch, id: string): Promise<void> {
    const last = this.queue[this.queue.length - 1];
    if (last && last.kind === 'answer' && last.questionKey === questionKey && !this.sending.has(last.id)) {
      const merged: AnswerOp = { ...last, patch: { ...last.patch, ...patch } };
      await this.store.put(merged);
      this.queue[this.queue.length - 1] = merged;
    } else {
      const op: AnswerOp = { kind: 'answer', id, taskId: this.taskId, seq: ++this.seq, questionKey, patch };
      await this.store.put(op);
      this.queue.push(op);
    }
    this.changed();
  }

  /** Record a photo (or signature) to upload; its client id is the ref answers use until it is stored. */
  upload(questionKey: string, name: string, blob: Blob, id: string = crypto.randomUUID()): Promise<FileRef> {
    return this.serial(async () => {
      const op: UploadOp = { kind: 'upload', id, taskId: this.taskId, seq: ++this.seq, questionKey, name, blob };
      await this.store.put(op);
      this.queue.push(op);
      this.changed();
      return id;
    });
  }

  /** Send what waits, in order; one at a time (a second call while sending waits for the first). */
  flush(transport: OutboxTransport): Promise<FlushResult> {
    this.flushing ??= this.run(transport).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run(transport: OutboxTransport): Promise<FlushResult> {
    let sent = 0;
    while (this.queue.length) {
      const head = this.queue[0];
      // Consecutive answer changes go in one saveAnswers call (merged per question, in order).
      const batch: OutboxOp[] = head.kind === 'answer' ? takeWhileAnswers(this.queue) : [head];
      for (const op of batch) this.sending.add(op.id);
      try {
        if (head.kind === 'upload') {
          const stored = await transport.upload(head);
          this.uploaded[head.id] = stored.id;
          await this.store.setMeta(this.taskId, UPLOADED, this.uploaded);
        } else if (head.kind === 'start') {
          await transport.start(head);
        } else if (head.kind === 'submit') {
          await transport.submit(
            head,
            head.signature === null ? undefined : (this.resolve(head.signature) ?? undefined),
          );
        } else {
          await transport.saveAnswers(this.taskId, this.answersOf(batch as AnswerOp[]));
        }
      } catch (error) {
        for (const op of batch) this.sending.delete(op.id);
        // The task changed on the server: keep everything for the caller to hand in.
        if (error instanceof ConflictError) return { ok: false, sent, error, conflict: true };
        if (error instanceof PermanentError) {
          // The server will never take these: drop them so what follows can go, and say so.
          await this.drop(batch);
          return { ok: false, sent, error, permanent: true, dropped: batch };
        }
        return { ok: false, sent, error, permanent: false };
      }
      await this.drop(batch);
      for (const op of batch) this.sending.delete(op.id);
      sent += batch.length;
    }
    return { ok: true, sent };
  }

  private async drop(batch: OutboxOp[]): Promise<void> {
    for (const op of batch) await this.store.remove(op.id);
    const ids = new Set(batch.map((op) => op.id));
    this.queue = this.queue.filter((op) => !ids.has(op.id));
    this.changed();
  }

  private answersOf(batch: AnswerOp[]) {
    const byKey = new Map<string, AnswerPatch>();
    for (const op of batch) byKey.set(op.questionKey, { ...byKey.get(op.questionKey), ...op.patch });
    return [...byKey].map(([questionKey, patch]) => {
      const { files, ...rest } = patch;
      if (files === undefined) return { questionKey, ...rest };
      // Every upload an answer names was queued before it, so it is stored by now.
      const fileIds = files.map((ref) => this.resolve(ref)).filter((id): id is number => id !== null);
      return { questionKey, ...rest, fileIds };
    });
  }

  /** Record a check-in made without a connection (sent first, before the answers made after it). */
  start(checkIn: Omit<StartOp, 'kind' | 'id' | 'taskId' | 'seq'>, id: string = crypto.randomUUID()): Promise<void> {
    return this.serial(async () => {
      const op: StartOp = { kind: 'start', id, taskId: this.taskId, seq: ++this.seq, ...checkIn };
      await this.store.put(op);
      this.queue.push(op);
      this.changed();
    });
  }

  /** Record the submit (after every change before it); its id is the clientMutationId. */
  submit(signature: FileRef | null, id: string = crypto.randomUUID()): Promise<void> {
    return this.serial(async () => {
      const op: SubmitOp = { kind: 'submit', id, taskId: this.taskId, seq: ++this.seq, signature };
      await this.store.put(op);
      this.queue.push(op);
      this.changed();
    });
  }

  /** The check-in and submit waiting, if any (the page shows the task as the device left it). */
  get startWaiting(): StartOp | undefined {
    return this.queue.find((op): op is StartOp => op.kind === 'start');
  }
  get submitWaiting(): SubmitOp | undefined {
    return this.queue.find((op): op is SubmitOp => op.kind === 'submit');
  }

  /** Drop everything waiting (once handed in elsewhere, or discarded on purpose). */
  clear(): Promise<void> {
    return this.serial(() => this.drop([...this.queue]));
  }

  /** Read a per-task value (e.g. the submit's clientMutationId). */
  meta<T>(name: string): Promise<T | undefined> {
    return this.store.getMeta<T>(this.taskId, name);
  }

  setMeta(name: string, value: unknown): Promise<void> {
    return this.store.setMeta(this.taskId, name, value);
  }
}

function takeWhileAnswers(queue: readonly OutboxOp[]): OutboxOp[] {
  const batch: OutboxOp[] = [];
  for (const op of queue) {
    if (op.kind !== 'answer') break;
    batch.push(op);
  }
  return batch;
}

/** An in-memory store (tests; and the page's fallback when IndexedDB cannot be opened). */
export class MemoryStore implements OutboxStore {
  private readonly rows = new Map<string, OutboxOp>();
  private readonly metas = new Map<string, unknown>();

  ops(taskId: number): Promise<OutboxOp[]> {
    return Promise.resolve([...this.rows.values()].filter((op) => op.taskId === taskId).map((op) => ({ ...op })));
  }
  put(op: OutboxOp): Promise<void> {
    this.rows.set(op.id, { ...op });
    return Promise.resolve();
  }
  remove(id: string): Promise<void> {
    this.rows.delete(id);
    return Promise.resolve();
  }
  getMeta<T>(taskId: number, name: string): Promise<T | undefined> {
    const value = this.metas.get(`${taskId}:${name}`);
    return Promise.resolve(value === undefined ? undefined : (structuredClone(value) as T));
  }
  setMeta(taskId: number, name: string, value: unknown): Promise<void> {
    this.metas.set(`${taskId}:${name}`, structuredClone(value));
    return Promise.resolve();
  }
}
