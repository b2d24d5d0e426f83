// The outbox's durable store in the browser: IndexedDB through `idb`. Thin on purpose (the logic is
// outbox.ts, tested over MemoryStore): operations keyed by their client id with an index per task,
// and small per-task values keyed [taskId, name]. Blobs (photos) are stored as they are.
import { type IDBPDatabase, openDB } from 'idb';
import { MemoryStore, type OutboxOp, type OutboxStore } from './outbox.ts';

const DB_NAME = 'opsdesk-perform';

interface MetaRow {
  taskId: number;
  name: string;
  value: unknown;
}

class IdbStore implements OutboxStore {
  private readonly db: IDBPDatabase;
  constructor(db: IDBPDatabase) {
    this.db = db;
  }
  async ops(taskId: number): Promise<OutboxOp[]> {
    return (await this.db.getAllFromIndex('ops', 'task', taskId)) as OutboxOp[];
  }
  async put(op: OutboxOp): Promise<void> {
    await this.db.put('ops', op);
  }
  async remove(id: string): Promise<void> {
    await this.db.delete('ops', id);
  }
  async getMeta<T>(taskId: number, name: string): Promise<T | undefined> {
    const row = (await this.db.get('meta', [taskId, name])) as MetaRow | undefined;
    return row?.value as T | undefined;
  }
  async setMeta(taskId: number, name: string, value: unknown): Promise<void> {
    await this.db.put('meta', { taskId, name, value } satisfies MetaRow);
  }
}

let opened: Promise<OutboxStore> | null = null;

/** The browser's outbox store; in memory (lost on reload) only when IndexedDB cannot be opened. */
export function outboxStore(): Promise<OutboxStore> {
  opened ??= openDB(DB_NAME, 1, {
    upgrade(db) {
      const ops = db.createObjectStore('ops', { keyPath: 'id' });
      ops.createIndex('task', 'taskId');
      db.createObjectStore('meta', { keyPath: ['taskId', 'name'] });
    },
  }).then(
    (db): OutboxStore => new IdbStore(db),
    (): OutboxStore => new MemoryStore(),
  );
  return opened;
}
