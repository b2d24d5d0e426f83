// How the outbox reaches the server: tasks.start (a check-in made offline, with the device's time),
// tasks.saveAnswers, POST /api/files with the upload's client id, tasks.submit (its id as the
// clientMutationId). A refusal because the task changed on the server (CONFLICT, FORBIDDEN: given to
// someone else, NOT_FOUND) becomes a ConflictError, kept and handed in; another refusal the server
// would repeat (4xx but 401/408/429) a PermanentError; anything else (offline, a timeout, a 5xx, a
// session that ended: 401, kept until the same user signs in again) is retried later.
import { TRPCClientError } from '@trpc/client';
import { XSRF_COOKIE, XSRF_HEADER } from '../../../../shared/constants/http.ts';
import type { TUploadedFile } from '../../../../shared/schemas/files.ts';
import { readCookie } from '../../../lib/cookies.ts';
import type { trpcClient } from '../../../lib/query.ts';
import { ConflictError, type OutboxTransport, PermanentError, type UploadOp } from './outbox.ts';

const permanentStatus = (status: number) =>
  status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
/** Statuses that say the task is no longer this inspector's to work on as the device left it. */
const conflictStatus = (status: number) => status === 403 || status === 404 || status === 409;

/** A tRPC error as the outbox sees it. */
export function classify(error: unknown): unknown {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
    if (status !== undefined && conflictStatus(status)) return new ConflictError(error.message, { cause: error });
    if (status !== undefined && permanentStatus(status)) return new PermanentError(error.message, { cause: error });
  }
  return error;
}

/**
 * Send one upload of the outbox. `offlineKept`: the task changed meanwhile and the file goes with the
 * work handed in (tasks.keepOfflineWork), which the server takes whatever the task's state.
 */
export async function uploadOp(op: UploadOp, options: { offlineKept?: boolean } = {}): Promise<TUploadedFile> {
  const form = new FormData();
  form.append('taskId', String(op.taskId));
  if (op.questionKey) form.append('questionKey', op.questionKey);
  form.append('clientId', op.id);
  if (options.offlineKept) form.append('offlineKept', '1');
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
  if (conflictStatus(res.status)) throw new ConflictError(message);
  throw permanentStatus(res.status) ? new PermanentError(message) : new Error(message);
}

type Client = typeof trpcClient;

async function classified(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    throw classify(error);
  }
}

export function performTransport(client: Client): OutboxTransport {
  return {
    saveAnswers: (taskId, answers) => classified(() => client.tasks.saveAnswers.mutate({ id: taskId, answers })),
    upload: (op) => uploadOp(op),
    start: async (op) => {
      try {
        await classified(() =>
          client.tasks.start.mutate({
            id: op.taskId,
            latitude: op.latitude,
            longitude: op.longitude,
            accuracy: op.accuracy,
            checkedInAt: new Date(op.checkedInAt),
            ...(op.outOfFenceReason ? { outOfFenceReason: op.outOfFenceReason } : {}),
          }),
        );
      } catch (error) {
        // A check-in that reached the server before the connection dropped (its answer lost) is done:
        // the task is in progress, and what follows goes on (someone else's task refuses it then).
        if (!(error instanceof ConflictError)) throw error;
        const now = await client.tasks.byId.query({ id: op.taskId }).catch(() => null);
        if (now?.status === 'in_progress') return;
        throw error;
      }
    },
    submit: (op, signatureFileId) =>
      classified(() => client.tasks.submit.mutate({ id: op.taskId, clientMutationId: op.id, signatureFileId })),
  };
}
