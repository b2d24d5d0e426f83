// The perform page's outbox over the in-memory store: order, merging, replay after a reload, uploads
// resolved into answers, transient failures kept, permanent refusals dropped, one file per client id.
import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  ConflictError,
  MemoryStore,
  Outbox,
  type OutboxTransport,
  PermanentError,
  type UploadOp,
} from './outbox.ts';

type Call =
  | { kind: 'save'; answers: unknown[] }
  | { kind: 'upload'; id: string }
  | { kind: 'start'; checkedInAt: string }
  | { kind: 'submit'; id: string; signatureFileId: number | undefined };

/** A server that records calls, stores one file per client id, and fails while `down` is set. */
function fakeServer() {
  const calls: Call[] = [];
  const files = new Map<string, number>();
  const state = { down: false, refuse: false, cancelled: false, nextId: 100 };
  const transport: OutboxTransport = {
    saveAnswers(_taskId, answers) {
      if (state.down) return Promise.reject(new TypeError('Failed to fetch'));
      if (state.refuse) return Promise.reject(new PermanentError('"zz" is not a question of this task\'s scheme'));
      calls.push({ kind: 'save', answers });
      return Promise.resolve();
    },
    upload(op: UploadOp) {
      if (state.down) return Promise.reject(new TypeError('Failed to fetch'));
      calls.push({ kind: 'upload', id: op.id });
      if (!files.has(op.id)) files.set(op.id, state.nextId++);
      return Promise.resolve({ id: files.get(op.id)! });
    },
    start(op) {
      if (state.down) return Promise.reject(new TypeError('Failed to fetch'));
      if (state.cancelled) return Promise.reject(new ConflictError('This task is cancelled'));
      calls.push({ kind: 'start', checkedInAt: op.checkedInAt });
      return Promise.resolve();
    },
    submit(op, signatureFileId) {
      if (state.down) return Promise.reject(new TypeError('Failed to fetch'));
      calls.push({ kind: 'submit', id: op.id, signatureFileId });
      return Promise.resolve();
    },
  };
  return { calls, files, state, transport };
}

const blob = () => new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });

describe('the perform outbox', () => {
  it('sends answer changes in order, merged per question into one saveAnswers call', async () => {
    const store = new MemoryStore();
    const outbox = await Outbox.open(store, 7);
    await outbox.answer('a', { value: true });
    await outbox.answer('b', { value: 3 });
    await outbox.answer('a', { comment: 'Pallet in the way' });
    expect(outbox.size).toBe(3);
    const server = fakeServer();
    expect(await outbox.flush(server.transport)).toEqual({ ok: true, sent: 3 });
    expect(server.calls).toEqual([
      {
        kind: 'save',
        answers: [
          { questionKey: 'a', value: true, comment: 'Pallet in the way' },
          { questionKey: 'b', value: 3 },
        ],
      },
    ]);
    expect(outbox.size).toBe(0);
    expect(await store.ops(7)).toEqual([]);
  });

  it('merges successive changes of the same question into the waiting operation (typing is one change)', async () => {
    const outbox = await Outbox.open(new MemoryStore(), 1);
    for (const text of ['S', 'St', 'Sto', 'Stor', 'Store']) await outbox.answer('remarks', { value: text });
    expect(outbox.pending()).toHaveLength(1);
    // Changes made at once (not awaited one by one) are recorded in the order they were made.
    await Promise.all([
      outbox.answer('remarks', { value: 'Store c' }),
      outbox.answer('remarks', { comment: 'seen' }),
      outbox.answer('remarks', { value: 'Store ok' }),
    ]);
    expect(outbox.pending()).toHaveLength(1);
    expect(outbox.pending()[0]).toMatchObject({
      kind: 'answer',
      questionKey: 'remarks',
      patch: { value: 'Store ok', comment: 'seen' },
    });
  });

  it('keeps everything while the connection is down and replays it in order later, also after a reload', async () => {
    const store = new MemoryStore();
    const first = await Outbox.open(store, 3);
    const server = fakeServer();
    server.state.down = true;
    await first.answer('a', { value: false });
    const photo = await first.upload('a', 'exit.jpg', blob());
    await first.answer('a', { files: [photo] });
    await first.answer('b', { na: true });
    const failed = await first.flush(server.transport);
    expect(failed).toMatchObject({ ok: false, permanent: false, sent: 0 });
    expect(first.size).toBe(4);

    // The page reloads: a new outbox over the same store finds the same operations, in the same order.
    const second = await Outbox.open(store, 3);
    expect(second.pending().map((op) => op.kind)).toEqual(['answer', 'upload', 'answer', 'answer']);
    server.state.down = false;
    expect(await second.flush(server.transport)).toEqual({ ok: true, sent: 4 });
    expect(server.calls).toEqual([
      { kind: 'save', answers: [{ questionKey: 'a', value: false }] },
      { kind: 'upload', id: photo },
      {
        kind: 'save',
        answers: [
          { questionKey: 'a', fileIds: [100] },
          { questionKey: 'b', na: true },
        ],
      },
    ]);
    expect(second.resolve(photo)).toBe(100);
  });

  it('never doubles a file: an upload whose answer was lost is sent again with the same client id', async () => {
    const store = new MemoryStore();
    const outbox = await Outbox.open(store, 4);
    const server = fakeServer();
    const photo = await outbox.upload('q', 'a.jpg', blob());
    // The server stores the file but the answer never reaches the page (connection cut).
    const lost: OutboxTransport = {
      ...server.transport,
      upload: async (op) => {
        await server.transport.upload(op);
        throw new TypeError('Failed to fetch');
      },
    };
    expect(await outbox.flush(lost)).toMatchObject({ ok: false, permanent: false });
    expect(await outbox.flush(server.transport)).toEqual({ ok: true, sent: 1 });
    expect(server.calls).toEqual([
      { kind: 'upload', id: photo },
      { kind: 'upload', id: photo },
    ]);
    expect(server.files.size).toBe(1);
    expect(outbox.resolve(photo)).toBe(100);
  });

  it('remembers stored uploads across a reload so later answers still resolve them', async () => {
    const store = new MemoryStore();
    const outbox = await Outbox.open(store, 5);
    const server = fakeServer();
    const photo = await outbox.upload('q', 'a.jpg', blob());
    await outbox.flush(server.transport);
    const reopened = await Outbox.open(store, 5);
    await reopened.answer('q', { files: ['file:12', photo] });
    await reopened.flush(server.transport);
    expect(server.calls.at(-1)).toEqual({ kind: 'save', answers: [{ questionKey: 'q', fileIds: [12, 100] }] });
  });

  it('drops a change the server refuses for good, says which, and sends what follows', async () => {
    const outbox = await Outbox.open(new MemoryStore(), 6);
    const server = fakeServer();
    await outbox.answer('zz', { value: 1 });
    server.state.refuse = true;
    const result = await outbox.flush(server.transport);
    expect(result).toMatchObject({ ok: false, permanent: true, dropped: [{ questionKey: 'zz' }] });
    server.state.refuse = false;
    await outbox.answer('a', { value: true });
    expect(await outbox.flush(server.transport)).toEqual({ ok: true, sent: 1 });
  });

  it('keeps tasks apart and keeps the per-task values (the submit id) in the store', async () => {
    const store = new MemoryStore();
    const one = await Outbox.open(store, 1);
    const two = await Outbox.open(store, 2);
    await one.answer('a', { value: 1 });
    await one.setMeta('submitId', 'abc');
    expect(two.size).toBe(0);
    expect(await (await Outbox.open(store, 1)).meta('submitId')).toBe('abc');
    expect(await two.meta('submitId')).toBeUndefined();
  });

  it('waits 1 s, 2 s, 4 s … between retries, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('tells its listeners when what waits changes', async () => {
    const outbox = await Outbox.open(new MemoryStore(), 9);
    const sizes: number[] = [];
    outbox.subscribe(() => sizes.push(outbox.size));
    await outbox.answer('a', { value: true });
    await outbox.flush(fakeServer().transport);
    expect(sizes).toEqual([1, 0]);
  });

  it('sends a check-in and a submit made offline in their place: check-in, answers, signature, submit', async () => {
    const store = new MemoryStore();
    let outbox = await Outbox.open(store, 11);
    const at = '2026-11-29T08:00:00.000Z';
    await outbox.start({ latitude: 48.85, longitude: 2.35, accuracy: 12, checkedInAt: at });
    await outbox.answer('a', { value: true });
    const signature = await outbox.upload('sig', 'signature.png', blob(), 'sig-1');
    await outbox.answer('sig', { files: [signature] });
    await outbox.submit(signature, 'submit-1');
    // A reload: all five still wait, in order.
    outbox = await Outbox.open(store, 11);
    expect(outbox.pending().map((op) => op.kind)).toEqual(['start', 'answer', 'upload', 'answer', 'submit']);
    expect(outbox.startWaiting?.checkedInAt).toBe(at);
    expect(outbox.submitWaiting?.id).toBe('submit-1');
    const server = fakeServer();
    expect(await outbox.flush(server.transport)).toEqual({ ok: true, sent: 5 });
    expect(server.calls).toEqual([
      { kind: 'start', checkedInAt: at },
      { kind: 'save', answers: [{ questionKey: 'a', value: true }] },
      { kind: 'upload', id: 'sig-1' },
      { kind: 'save', answers: [{ questionKey: 'sig', fileIds: [100] }] },
      { kind: 'submit', id: 'submit-1', signatureFileId: 100 },
    ]);
  });

  it('keeps everything when the task changed on the server (a conflict) for the caller to hand in', async () => {
    const outbox = await Outbox.open(new MemoryStore(), 12);
    await outbox.start({ latitude: 1, longitude: 2, accuracy: 5, checkedInAt: '2026-11-29T08:00:00.000Z' });
    await outbox.answer('a', { value: 'Shelves empty' });
    const server = fakeServer();
    server.state.cancelled = true;
    const result = await outbox.flush(server.transport);
    expect(result).toMatchObject({ ok: false, conflict: true, sent: 0 });
    expect(outbox.size).toBe(2);
    await outbox.clear();
    expect(outbox.size).toBe(0);
  });
});
