// REST: POST /api/files (multipart: part `file`, optional fields `taskId`,
// `questionKey`) -> 201 { id, name, mimeType, size, sha256 }; GET /api/files/{id} downloads it
// (?thumbnail=1 or /thumbnail for an image's thumbnail, ?inline=1 to show an image or PDF in the page);
// GET /api/export/files.csv. Multipart is parsed here only (this plugin's scope), streamed to a temporary
// file by the service's spool; auth, abilities and tenant scope are the service's. The business API has
// the same two operations (`filesV1Rest`, registered in the /api/v1 scope: API keys, its errors).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '../../../../shared/schemas/common.ts';
import {
  allowedFileType,
  MAX_FILE_BYTES,
  type TFile,
  ZListFilesInput,
  ZUploadedFile,
} from '../../../../shared/schemas/files.ts';
import { AppError } from '../../../lib/app-error.ts';
import { contentDisposition } from '../../../rest/content-disposition.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateFiles } from './files.listing.ts';
import { type OpenedFile, openFile, type ReceivedUpload, uploadFile } from './files.service.ts';
import { discard, type SpooledFile, spool, tooLarge } from './spool.ts';

/** Room for the multipart envelope and the small fields around a file at the size limit. */
const ENVELOPE_BYTES = 64 * 1024;

/** Multipart parser errors as the answers this API gives (413, 400, 415 with a JSON message). */
function multipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(MAX_FILE_BYTES);
    case 'FST_FILES_LIMIT':
      return new AppError('BAD_REQUEST', 'files.onePerRequest', {}, { file: 'files.onePerRequestField' });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('BAD_REQUEST', 'files.tooManyFields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'files.notMultipart');
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('BAD_REQUEST', 'files.cutOff');
    default:
      return error;
  }
}

/** Reads the form: the one `file` part spooled to a temporary file (within `limit`), the other fields as text. */
async function receiveForm(request: FastifyRequest, limit: number): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'files.notMultipart');
  const fields: Record<string, string> = {};
  let received: { name: string; mimeType: string; file: SpooledFile } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          const values = { part: part.fieldname };
          throw new AppError('BAD_REQUEST', 'files.unexpectedPart', values, { file: 'files.notMultipart' });
        }
        const file = await spool(part.file, limit);
        if (part.file.truncated) {
          await discard(file.path);
          throw tooLarge(limit);
        }
        received = { name: part.filename ?? '', mimeType: part.mimetype ?? '', file };
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
      }
    }
  } catch (error) {
    if (received) await discard(received.file.path);
    throw multipartError(error);
  }
  if (!received) throw new AppError('BAD_REQUEST', 'files.noFile', {}, { file: 'files.chooseFile' });
  return { ...received, fields };
}

/** The name a download gets: the stored one, with the real type's extension when the name claims another. */
export function downloadName(file: Pick<TFile, 'name' | 'mimeType'>, thumbnail: boolean): string {
  const type = allowedFileType(file.mimeType);
  if (thumbnail) return `${file.name.replace(/\.[^.]*$/, '')}-thumbnail.webp`;
  if (!type || (type.family === 'document' && type.mimeType.startsWith('text/'))) return file.name;
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  const same: Record<string, string[]> = {
    jpg: ['jpg', 'jpeg', 'jpe', 'jfif'],
    heic: ['heic', 'heif'],
    heif: ['heic', 'heif'],
  };
  return ext && (same[type.extension] ?? [type.extension]).includes(ext) ? file.name : `${file.name}.${type.extension}`;
}

const ZFlag = z.enum(['1', 'true', '0', 'false']).optional();
const ZDownloadQuery = z.object({ thumbnail: ZFlag, inline: ZFlag });
const on = (flag: string | undefined) => flag === '1' || flag === 'true';

function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  opened: OpenedFile,
  thumbnail: boolean,
  inlineWanted: boolean,
) {
  const inline = thumbnail || (inlineWanted && opened.file.inline);
  reply
    .header('content-type', opened.contentType)
    .header(
      'content-disposition',
      contentDisposition(inline ? 'inline' : 'attachment', downloadName(opened.file, thumbnail)),
    )
    .header('x-content-type-options', 'nosniff')
    // Private to the caller; revalidated every time, so a deleted file or a lost right is never served from a cache.
    .header('cache-control', 'private, no-cache')
    .header('etag', opened.etag);
  if (inline) {
    // Shown by the app itself (an <img>, or a PDF in an <iframe> of the same origin), never by another site;
    // nothing in it may run script.
    reply
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
      )
      .header('x-frame-options', 'SAMEORIGIN');
  }
  if (request.headers['if-none-match'] === opened.etag) {
    opened.stream.destroy();
    return reply.code(304).send();
  }
  if (opened.size !== null) reply.header('content-length', opened.size);
  return reply.send(opened.stream);
}

export const filesRest: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/files', { schema: { response: { 201: ZUploadedFile } } }, async (request, reply) => {
    // A declared body far over the limit is refused before a byte of it is read.
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_FILE_BYTES + ENVELOPE_BYTES) throw tooLarge(MAX_FILE_BYTES);
    const uploaded = await uploadFile(request.serviceContext(), (limit) => receiveForm(request, limit));
    return reply.code(201).send(uploaded);
  });

  api.get(
    '/files/:id',
    { schema: { params: z.object({ id: ZId }), querystring: ZDownloadQuery } },
    async (request, reply) => {
      const thumbnail = on(request.query.thumbnail);
      const variant = thumbnail ? 'thumbnail' : 'original';
      const opened = await openFile(request.serviceContext(), { id: request.params.id, variant });
      return sendFile(request, reply, opened, thumbnail, on(request.query.inline));
    },
  );

  api.get('/files/:id/thumbnail', { schema: { params: z.object({ id: ZId }) } }, async (request, reply) => {
    const opened = await openFile(request.serviceContext(), { id: request.params.id, variant: 'thumbnail' });
    return sendFile(request, reply, opened, true, true);
  });

  registerCsvExport<typeof ZListFilesInput, TFile>(app, {
    name: 'files',
    input: ZListFilesInput,
    iterate: iterateFiles,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'name', value: (r) => r.name },
      { header: 'mime_type', value: (r) => r.mimeType },
      { header: 'size', value: (r) => r.size },
      { header: 'sha256', value: (r) => r.sha256 },
      { header: 'linked', value: (r) => r.linked?.label },
      { header: 'task_id', value: (r) => r.taskId },
      { header: 'question_key', value: (r) => r.questionKey },
      { header: 'uploaded_by', value: (r) => r.owner.name },
      { header: 'uploaded_at', value: (r) => r.createdAt },
    ],
  });
};

/** A path id, as the business API reads it: a decimal id in range, else a 400 naming `id`. */
function pathId(params: unknown): number {
  const value = (params as { id?: unknown }).id;
  const raw = typeof value === 'string' ? value : '';
  // The id schema bounds it too (a database integer), so 2147483648 is a 400, not a 500.
  const parsed = ZId.safeParse(/^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN);
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'common.invalidInput', {}, { id: 'common.invalidInput' });
  return parsed.data;
}

/**
 * /api/v1's file upload and download (task evidence): `POST /files` (multipart, as POST /api/files) and
 * `GET /files/{id}/content`. Registered by the v1 plugin under its prefix, so an API key authenticates
 * them and errors are `{ message, errors }`; the same service calls as /api/files.
 */
export const filesV1Rest: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  app.post(
    '/files',
    {
      schema: {
        operationId: 'uploadFile',
        summary:
          "Upload a file: multipart/form-data with the part `file` and, for a task answer's evidence, the fields " +
          '`taskId` and `questionKey`',
        tags: ['Files'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: ZUploadedFile },
      },
    },
    async (request, reply) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > MAX_FILE_BYTES + ENVELOPE_BYTES) throw tooLarge(MAX_FILE_BYTES);
      const uploaded = await uploadFile(request.serviceContext(), (limit) => receiveForm(request, limit));
      return reply.code(201).send(uploaded);
    },
  );
  app.get(
    '/files/:id/content',
    {
      schema: {
        operationId: 'downloadFile',
        summary: "Download a file's content (`thumbnail=1`: an image's thumbnail)",
        tags: ['Files'],
        security: [{ bearer: [] }],
        params: z.object({ id: ZId }),
        querystring: ZDownloadQuery,
      },
    },
    async (request, reply) => {
      const query = ZDownloadQuery.safeParse(request.query);
      const thumbnail = query.success && on(query.data.thumbnail);
      const opened = await openFile(request.serviceContext(), {
        id: pathId(request.params),
        variant: thumbnail ? 'thumbnail' : 'original',
      });
      return sendFile(request, reply, opened, thumbnail, false);
    },
  );
};
