// FileStorage on the local disk: one file per key under a root folder (DATA_DIR/files by default),
// written to a temporary name and renamed, so a reader never sees half a file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../../../../lib/file-storage.ts';
import { assertStorageKey } from './keys.ts';

export function createDiskStorage(root: string): FileStorage {
  const resolved = path.resolve(root);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(resolved, ...key.split('/'));
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${crypto.randomBytes(6).toString('hex')}.partial`;
      try {
        await pipeline(body, fs.createWriteStream(partial, { flags: 'wx' }));
        await fs.promises.rename(partial, target);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = pathOf(key);
      try {
        const handle = await fs.promises.open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await fs.promises.stat(pathOf(key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
  };
}
