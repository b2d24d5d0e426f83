// The outbox's durable store on the device (OutboxStore over the encrypted database, vault.ts): each
// waiting change is one `ops` row whose content (answer text, photo bytes, check-in position) is
// encrypted with the user's key; the row's clear fields are its id, the user, the task and its order.
import type { OutboxOp, OutboxStore } from '../pages/tasks/perform/outbox.ts';
import { database, guardQuota, openBytes, type Sealed, seal, sealBytes, unseal, userKey } from './vault.ts';

interface OpRow {
  id: string;
  userId: number;
  taskId: number;
  seq: number;
  body: Sealed;
  /** An upload's bytes, sealed on their own (no base64 detour for megabytes). */
  blob?: Sealed;
}

interface MetaRow {
  userId: number;
  taskId: number;
  name: string;
  body: Sealed;
}

export class SealedOutboxStore implements OutboxStore {
  readonly userId: number;
  constructor(userId: number) {
    this.userId = userId;
  }

  async ops(taskId: number): Promise<OutboxOp[]> {
    const [db, key] = await Promise.all([database(), userKey(this.userId)]);
    const rows = (await db.getAllFromIndex('ops', 'task', [this.userId, taskId])) as OpRow[];
    return Promise.all(rows.map((row) => openOp(key, row)));
  }

  async put(op: OutboxOp): Promise<void> {
    const [db, key] = await Promise.all([database(), userKey(this.userId)]);
    const base = { id: op.id, userId: this.userId, taskId: op.taskId, seq: op.seq };
    let row: OpRow;
    if (op.kind === 'upload') {
      const { blob, ...rest } = op;
      const sealedBlob = await sealBytes(key, await blob.arrayBuffer());
      row = { ...base, body: await seal(key, { ...rest, blobType: blob.type }), blob: sealedBlob };
    } else {
      row = { ...base, body: await seal(key, op) };
    }
    await guardQuota(() => db.put('ops', row));
  }

  async remove(id: string): Promise<void> {
    await (await database()).delete('ops', id);
  }

  async getMeta<T>(taskId: number, name: string): Promise<T | undefined> {
    const [db, key] = await Promise.all([database(), userKey(this.userId)]);
    const row = (await db.get('meta', [this.userId, taskId, name])) as MetaRow | undefined;
    return row ? unseal<T>(key, row.body) : undefined;
  }

  async setMeta(taskId: number, name: string, value: unknown): Promise<void> {
    const [db, key] = await Promise.all([database(), userKey(this.userId)]);
    const row: MetaRow = { userId: this.userId, taskId, name, body: await seal(key, value) };
    await guardQuota(() => db.put('meta', row));
  }
}

async function openOp(key: CryptoKey, row: OpRow): Promise<OutboxOp> {
  const body = await unseal<OutboxOp & { blobType?: string }>(key, row.body);
  if (body.kind !== 'upload' || !row.blob) return body;
  const { blobType, ...op } = body;
  return { ...op, blob: new Blob([await openBytes(key, row.blob)], { type: blobType ?? '' }) };
}

/** The tasks of `userId` with changes waiting on this device, and how many changes each. */
export async function waitingByTask(userId: number): Promise<Map<number, number>> {
  const db = await database();
  const rows = (await db.getAllFromIndex('ops', 'user', userId)) as OpRow[];
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.taskId, (counts.get(row.taskId) ?? 0) + 1);
  return counts;
}
