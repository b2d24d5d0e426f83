// FileStorage on an S3-compatible bucket (AWS S3, MinIO, Ceph…) through the official SDK. Objects are
// written with their exact length, streamed, and with checksums only where the server requires them
// (several S3-compatible servers refuse the SDK's default streamed checksum trailers).
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { FileStorageConfig } from '../../../../config.ts';
import type { FileStorage } from '../../../../lib/file-storage.ts';
import { lazyRequire } from '../../../../lib/lazy.ts';
import { assertStorageKey } from './keys.ts';

/** The SDK, loaded when an S3 storage is made (a server storing on disk never loads it). */
const sdk = lazyRequire<typeof S3>('@aws-sdk/client-s3');

type S3Config = Extract<FileStorageConfig, { kind: 's3' }>;

function isMissing(error: unknown): boolean {
  const { NoSuchKey, NotFound, S3ServiceException } = sdk();
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error instanceof S3ServiceException &&
      (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound'))
  );
}

export function createS3Storage(config: S3Config): FileStorage & { client: S3.S3Client } {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } = sdk();
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return key;
  };
  return {
    kind: 's3',
    client,
    async put(key, body, meta) {
      // A body that fails midway aborts the request (S3 then stores nothing under the key).
      const abort = new AbortController();
      let failure: unknown;
      const onError = (error: unknown) => {
        failure = error;
        abort.abort(error);
      };
      body.once('error', onError);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: keyOf(key),
            Body: body,
            ContentLength: meta.size,
            ContentType: meta.contentType,
          }),
          { abortSignal: abort.signal },
        );
      } catch (error) {
        throw failure ?? error;
      } finally {
        body.off('error', onError);
      }
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return (out.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
