// The inspection PDF of one task (issue 13): read through tasks.getTask, so it is authorized exactly
// like reading the task (another customer's task, or one outside the caller's team or own tasks, is
// NOT_FOUND), then the names, the pinned scheme and the files' bytes, and drawn by task-pdf.ts.
import sharp from 'sharp';
import type { ServiceContext } from '../../../../lib/context.ts';
import { customerNames } from '../../../organization/customers/customers.refs.ts';
import { schemeForTasks } from '../../../structure/schemes/schemes.refs.ts';
import { taskFileBytes } from '../../files/files.service.ts';
import { getTask, projectRefs } from '../tasks.service.ts';
import { pdfLanguage } from './pdf-strings.ts';
import { renderTaskPdf } from './task-pdf.ts';

export interface TaskPdf {
  /** The document as a stream (ends by itself). */
  stream: NodeJS.ReadableStream;
  /** A safe download name: letters, digits, '-', '_' and '.', ending in .pdf. */
  fileName: string;
}

/** An image as pdfkit takes it (JPEG or PNG), or null when it cannot be decoded. */
export async function asJpeg(bytes: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize(480, 360, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78 })
      .toBuffer();
  } catch {
    return null;
  }
}

async function asPng(bytes: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { failOn: 'error' })
      .resize(660, 240, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

function safeName(part: string): string {
  return part
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/**
 * `GET /api/tasks/{id}/report.pdf`: the task's inspection report in `language` (en, fr, de, ar;
 * default the caller's own), for whoever may read the task.
 */
export async function taskReportPdf(ctx: ServiceContext, id: number, language?: string): Promise<TaskPdf> {
  const task = await getTask(ctx, id); // authorizes (read Task, tenant, team/self) once
  const user = ctx.user as NonNullable<ServiceContext['user']>;
  const photoIds = task.answers.flatMap((a) => a.fileIds);
  const [scheme, customers, projects, thumbnails, originals] = await Promise.all([
    schemeForTasks(ctx.em, task.schemeId),
    customerNames(ctx.em, [task.customerId]),
    projectRefs(ctx.em, [task.projectId]),
    taskFileBytes(ctx, task, photoIds, 'thumbnail'),
    taskFileBytes(ctx, task, task.signatureFileId === null ? [] : [task.signatureFileId], 'original'),
  ]);
  const photos = new Map<number, Buffer>();
  await Promise.all(
    [...thumbnails].map(async ([fileId, file]) => {
      if (!file.mimeType.startsWith('image/')) return;
      const jpeg = await asJpeg(file.bytes);
      if (jpeg) photos.set(fileId, jpeg);
    }),
  );
  const signatureFile = task.signatureFileId === null ? undefined : originals.get(task.signatureFileId);
  const signature = signatureFile?.mimeType.startsWith('image/') ? await asPng(signatureFile.bytes) : null;
  const project = projects.get(task.projectId) ?? { id: task.projectId, code: `#${task.projectId}`, name: '' };
  const stream = renderTaskPdf({
    language: pdfLanguage(language ?? user.language),
    task,
    customerName: customers.get(task.customerId) ?? '',
    project,
    scheme,
    photos,
    signature,
    generatedBy: user.fullName || user.email,
    generatedAt: new Date(),
  });
  const day = task.startsAt.toISOString().slice(0, 10);
  const fileName =
    ['inspection', safeName(project.code), safeName(task.location.code), day, String(task.id)]
      .filter(Boolean)
      .join('-') + '.pdf';
  return { stream, fileName };
}
