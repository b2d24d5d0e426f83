// An in-process S3-compatible server (s3rver) for tests of the S3 file storage: one bucket, data in a
// temporary folder, on a random loopback port. Call at the top level of a test file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll } from 'vitest';

export interface TestS3 {
  bucket: string;
  endpoint: string;
  /** The FILES_S3_* variables that point the app at this server. */
  env: Record<string, string>;
}

export async function startTestS3(bucket = 'opsdesk-test-files'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { address, port } = await server.run();
  afterAll(async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  const endpoint = `http://${address}:${port}`;
  return {
    bucket,
    endpoint,
    env: {
      FILES_S3_BUCKET: bucket,
      FILES_S3_ENDPOINT: endpoint,
      FILES_S3_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      FILES_S3_ACCESS_KEY_ID: 'S3RVER',
      FILES_S3_SECRET_ACCESS_KEY: 'S3RVER',
      FILES_S3_FORCE_PATH_STYLE: 'true',
    },
  };
}
