// Where uploaded bytes live, as services see it: one small interface with a disk and an S3-compatible
// implementation (domains/workflow/files/storage). app.ts builds the configured one and puts it in
// each request's ServiceContext. Edit only to change what every implementation must offer.
import type { Readable } from 'node:stream';

export interface FileStorage {
  /** 'disk' (DATA_DIR/files) or 's3' (FILES_S3_BUCKET). */
  readonly kind: 'disk' | 's3';
  /**
   * Store `body` under `key` (replacing what is there). `size` is the exact byte count (S3 needs it
   * up front). Resolves once the bytes are durable; a failed write leaves nothing under `key`.
   */
  put(key: string, body: Readable, meta: { size: number; contentType: string }): Promise<void>;
  /** The stored bytes as a stream, or null when nothing is stored under `key`. */
  get(key: string): Promise<Readable | null>;
  /** Remove `key`; nothing stored there is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
