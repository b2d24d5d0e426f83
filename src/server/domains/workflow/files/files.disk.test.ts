// The files suite over the disk storage (DATA_DIR/files, a temporary folder here).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';
import { filesSuite } from './files.suite.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-files-disk-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const t = await setupTestApp({ DATA_DIR: dataDir });
if (t.app.fileStorage.kind !== 'disk') throw new Error('expected the disk storage');

filesSuite('disk', t);
