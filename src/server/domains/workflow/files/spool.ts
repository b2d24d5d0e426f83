// An upload on its way in: streamed to a temporary file while its size and sha256 are counted and its
// text-ness checked, so nothing is ever held whole in memory and nothing reaches the storage before
// it is known to be within the limit and of an allowed type (both decided after the last byte).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../../lib/app-error.ts';

export interface SpooledFile {
  /** The temporary file; remove it with `discard` when done. */
  path: string;
  size: number;
  sha256: string;
  /** Valid UTF-8 without NUL characters (a CSV or plain text file, if nothing else recognises it). */
  text: boolean;
  /**
   * Not UTF-8 but single-byte text (Windows-1252: no NUL, no control characters but tab, CR and LF, none of
   * the bytes that code page leaves undefined): a CSV saved by an older spreadsheet, if named .csv.
   */
  legacyText: boolean;
}

/** Bytes Windows-1252 text never holds: controls other than tab, LF, CR; the five undefined positions. */
const NOT_LEGACY_TEXT = new Uint8Array(256);
for (let b = 0; b < 32; b++) if (b !== 9 && b !== 10 && b !== 13) NOT_LEGACY_TEXT[b] = 1;
for (const b of [0x7f, 0x81, 0x8d, 0x8f, 0x90, 0x9d]) NOT_LEGACY_TEXT[b] = 1;

export function tooLarge(limit: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    'files.tooLarge',
    { megabytes: Math.round(limit / 1024 / 1024) },
    { file: 'files.maxSize' },
  );
}

/** Stream `body` into a temporary file (refused with PAYLOAD_TOO_LARGE past `limit` bytes). */
export async function spool(body: Readable, limit: number, dir = os.tmpdir()): Promise<SpooledFile> {
  const file = path.join(dir, `opsdesk-upload-${crypto.randomUUID()}`);
  const hash = crypto.createHash('sha256');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let size = 0;
  let text = true;
  let legacyText = true;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(tooLarge(limit));
      hash.update(chunk);
      if (legacyText) for (const byte of chunk) if (NOT_LEGACY_TEXT[byte]) legacyText = false;
      if (text) {
        try {
          utf8.decode(chunk, { stream: true });
          if (chunk.includes(0)) text = false;
        } catch {
          text = false;
        }
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, count, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    if (text) {
      try {
        utf8.decode(); // an incomplete character at the end is not text
      } catch {
        text = false;
      }
    }
  } catch (error) {
    await discard(file);
    throw error;
  }
  return { path: file, size, sha256: hash.digest('hex'), text, legacyText: legacyText && !text };
}

export async function discard(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true });
}
