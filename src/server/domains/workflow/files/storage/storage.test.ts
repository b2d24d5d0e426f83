// One contract, two implementations: the disk storage and the S3 storage (against s3rver in process)
// must behave the same for put, get, delete and exists.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config.ts';
import type { FileStorage } from '../../../../lib/file-storage.ts';
import { startTestS3 } from '../../../../testing/s3.ts';
import { createFileStorage } from './index.ts';

const diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-disk-storage-'));
afterAll(() => fs.rmSync(diskRoot, { recursive: true, force: true }));
const s3 = await startTestS3();

const implementations: [string, FileStorage][] = [
  ['disk', createFileStorage(loadConfig({ DATA_DIR: diskRoot }).files)],
  ['s3', createFileStorage(loadConfig(s3.env).files)],
];

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `size` pseudo-random bytes in 64 KB chunks (never one big buffer). */
function randomStream(size: number, seed: number): { stream: Readable; sha256: Promise<string> } {
  const hash = crypto.createHash('sha256');
  let sent = 0;
  let state = seed;
  let resolve!: (v: string) => void;
  const sha256 = new Promise<string>((r) => (resolve = r));
  const stream = new Readable({
    read() {
      if (sent >= size) {
        this.push(null);
        resolve(hash.digest('hex'));
        return;
      }
      const chunk = Buffer.alloc(Math.min(65536, size - sent));
      for (let i = 0; i < chunk.length; i++) chunk[i] = (state = (state * 1103515245 + 12345) >>> 0) >>> 24;
      hash.update(chunk);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, sha256 };
}

describe.each(implementations)('%s file storage', (kind, storage) => {
  it('says which kind it is', () => {
    expect(storage.kind).toBe(kind);
  });

  it('stores a stream and gives the same bytes back', async () => {
    const key = `1/2026/11/${kind}-roundtrip`;
    const size = 3 * 1024 * 1024 + 17;
    const { stream, sha256 } = randomStream(size, 7);
    await storage.put(key, stream, { size, contentType: 'application/octet-stream' });
    expect(await storage.exists(key)).toBe(true);
    const back = await read((await storage.get(key))!);
    expect(back.length).toBe(size);
    expect(crypto.createHash('sha256').update(back).digest('hex')).toBe(await sha256);
  });

  it('replaces what is stored under the same key', async () => {
    const key = `1/2026/11/${kind}-replace`;
    await storage.put(key, Readable.from([Buffer.from('first')]), { size: 5, contentType: 'text/plain' });
    await storage.put(key, Readable.from([Buffer.from('second')]), { size: 6, contentType: 'text/plain' });
    expect((await read((await storage.get(key))!)).toString()).toBe('second');
  });

  it('answers null and false for a key with nothing stored, and deletes idempotently', async () => {
    const key = `1/2026/11/${kind}-missing`;
    expect(await storage.get(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key);
    await storage.put(key, Readable.from([Buffer.from('x')]), { size: 1, contentType: 'text/plain' });
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it('leaves nothing under the key when the body fails midway', async () => {
    const key = `1/2026/11/${kind}-broken`;
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put(key, broken, { size: 4096, contentType: 'text/plain' })).rejects.toThrow();
    expect(await storage.exists(key)).toBe(false);
  });

  it('refuses keys that could leave its root', async () => {
    for (const key of ['../etc/passwd', '1/../../x', '/abs', '', 'a//b']) {
      await expect(storage.exists(key), key).rejects.toThrow(/invalid storage key/);
    }
  });
});
