// How the outbox reaches the server: tasks.saveAnswers over tRPC and POST /api/files with the upload's
// client id. A refusal the server would repeat (4xx but 408/429) becomes a PermanentError; anything else
// (offline, a timeout, a 5xx) is retried later.
import { TRPCClientError } from '@trpc/client';
import { XSRF_COOKIE, XSRF_HEADER } from '../../../../shared/constants/http.ts';
import type { TUploadedFile } from '../../../../shared/schemas/files.ts';
import { readCookie } from '../../../lib/cookies.ts';
import { type OutboxTransport, PermanentError, type UploadOp } from './outbox.ts';

const permanentStatus = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** A tRPC error as the outbox sees it. */
export function classify(error: unknown): unknown {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
    if (status !== undefined && permanentStatus(status)) return new PermanentError(error.message, { cause: error });
  }
  return error;
}

export async function uploadOp(op: UploadOp): Promise<TUploadedFile> {
  const form = new FormData();
  form.append('taskId', String(op.taskId));
  if (op.questionKey) form.append('questionKey', op.questionKey);
  form.append('clientId', op.id);
  form.append('file', op.blob, op.name);
  const xsrf = readCookie(XSRF_COOKIE);
  const res = await fetch('/api/files', {
    method: 'POST',
    body: form,
    headers: xsrf ? { [XSRF_HEADER]: xsrf } : {},
    credentials: 'same-origin',
  });
  if (res.status === 201) return (await res.json()) as TUploadedFile;
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  const message = body?.message ?? res.statusText;
  throw permanentStatus(res.status) ? new PermanentError(message) : new Error(message);
}

type SaveAnswers = (input: { id: number; answers: Parameters<OutboxTransport['saveAnswers']>[1] }) => Promise<unknown>;

export function performTransport(saveAnswers: SaveAnswers): OutboxTransport {
  return {
    async saveAnswers(taskId, answers) {
      try {
        await saveAnswers({ id: taskId, answers });
      } catch (error) {
        throw classify(error);
      }
    },
    upload: uploadOp,
  };
}
