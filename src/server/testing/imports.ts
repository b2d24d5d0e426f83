// Test helpers for imports: upload a file as a user, preview, run and wait for the job to finish.
import { expect } from 'vitest';
import type { AppCaller, TestApp } from './app.ts';

/** The type a browser sends for the file's extension (text is accepted only with a text type). */
const TYPES: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export async function uploadFile(t: TestApp, email: string, name: string, bytes: Buffer | string): Promise<number> {
  const boundary = 'imp0rtb0undary';
  const type = TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.request({
    method: 'POST',
    url: '/api/files',
    as: email,
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** Poll byId until the import is done or failed. */
export async function waitForImport(caller: AppCaller, id: number, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const found = await caller.imports.byId({ id });
    if (found.status === 'done' || found.status === 'failed') return found;
    if (Date.now() - started > timeoutMs) throw new Error(`import ${id} still ${found.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
