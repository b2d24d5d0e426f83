// The configured FileStorage (config.files): disk under DATA_DIR/files, or an S3-compatible bucket.
import type { FileStorageConfig } from '../../../../config.ts';
import type { FileStorage } from '../../../../lib/file-storage.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';

export function createFileStorage(config: FileStorageConfig): FileStorage {
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage(config.dir);
}
