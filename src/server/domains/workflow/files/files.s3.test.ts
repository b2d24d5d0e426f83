// The files suite over the S3-compatible storage, against s3rver running in this process.
import { setupTestApp } from '../../../testing/app.ts';
import { startTestS3 } from '../../../testing/s3.ts';
import { filesSuite } from './files.suite.ts';

const s3 = await startTestS3();

const t = await setupTestApp(s3.env);
if (t.app.fileStorage.kind !== 's3') throw new Error('expected the S3 storage');

filesSuite('S3', t);
