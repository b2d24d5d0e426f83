// E-mail demo app. Each user reads and changes their own copy of the sample mailbox (made on first use),
// so every role that may read DemoApp may update it: the changes are theirs alone.
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type {
  TEmail,
  TEmailAttachment,
  TEmailLabel,
  TEmailList,
  TEmailsUpdated,
  TListEmailsInput,
  TSaveDraftInput,
  TSendEmailInput,
  TUpdateEmailsInput,
} from '../../../../shared/schemas/email.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { sanitizeRichText } from '../../../lib/html.ts';
import { likeContains } from '../../../lib/list/index.ts';
import { type CopyOwner, now, openDemoCopy, shiftedToNow } from '../provision/demo-provision.service.ts';
import { Email } from './email.entity.ts';

/** Copies the sample mailbox; received mail is addressed to the user, sent mail and drafts come from them. */
async function copySampleMailbox(em: EntityManager, owner: CopyOwner): Promise<void> {
  await db(em)
    .insertInto('emails')
    .columns([
      'owner_id',
      'from_email',
      'from_name',
      'from_avatar',
      'to',
      'cc',
      'bcc',
      'subject',
      'message',
      'attachments',
      'is_starred',
      'labels',
      'time',
      'replies',
      'folder',
      'is_read',
      'is_deleted',
      'created_at',
      'updated_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('emails as e')
        .select((eb) => {
          const outgoing = eb('e.folder', 'in', ['sent', 'draft']);
          return [
            eb.val(owner.id).as('owner_id'),
            eb.case().when(outgoing).then(eb.val(owner.email)).else(eb.ref('e.from_email')).end().as('from_email'),
            eb.case().when(outgoing).then(eb.val(owner.fullName)).else(eb.ref('e.from_name')).end().as('from_name'),
            eb.case().when(outgoing).then(eb.val('')).else(eb.ref('e.from_avatar')).end().as('from_avatar'),
            eb
              .case()
              .when('e.folder', 'in', ['inbox', 'spam'])
              .then(
                sql<
                  TEmail['to']
                >`jsonb_build_array(jsonb_build_object('email', ${owner.email}::text, 'name', ${owner.fullName}::text))`,
              )
              .else(eb.ref('e.to'))
              .end()
              .as('to'),
            'e.cc',
            'e.bcc',
            'e.subject',
            'e.message',
            'e.attachments',
            'e.is_starred',
            'e.labels',
            shiftedToNow(eb.ref('e.time'), eb.ref('e.created_at')).as('time'),
            'e.replies',
            'e.folder',
            'e.is_read',
            'e.is_deleted',
            now().as('created_at'),
            now().as('updated_at'),
          ];
        })
        .where('e.owner_id', 'is', null)
        .orderBy('e.id'),
    )
    .execute();
}

function openMailbox(ctx: ServiceContext): Promise<AuthedContext> {
  return openDemoCopy(ctx, 'email', copySampleMailbox);
}

function toEmail(row: Email): TEmail {
  return {
    id: row.id,
    from: { email: row.fromEmail, name: row.fromName, avatar: row.fromAvatar },
    to: row.to,
    cc: row.cc,
    bcc: row.bcc,
    subject: row.subject,
    message: row.message,
    attachments: row.attachments,
    isStarred: row.isStarred,
    labels: row.labels,
    time: row.time,
    replies: row.replies.map(({ minutesBefore, ...reply }) => ({
      ...reply,
      time: new Date(row.time.getTime() - minutesBefore * 60_000),
    })),
    folder: row.folder,
    isRead: row.isRead,
    isDeleted: row.isDeleted,
  };
}

/**
 * The caller's e-mails, newest first: `filter` picks a folder (not trashed), starred (not trashed) or
 * trashed; `label` keeps those with the label (not trashed); inbox when neither is given. `q` matches the
 * sender's name or the subject (any case). emailsMeta counts unread inbox, drafts, unread spam and starred.
 */
export async function listEmails(ctx: ServiceContext, input: TListEmailsInput): Promise<TEmailList> {
  const authed = await openMailbox(ctx);
  const where: FilterQuery<Email>[] = [{ owner: authed.user.id }];
  const filter = input.filter ?? (input.label ? undefined : 'inbox');
  if (filter === 'trashed') where.push({ isDeleted: true });
  else where.push({ isDeleted: false });
  if (filter === 'starred') where.push({ isStarred: true });
  else if (filter && filter !== 'trashed') where.push({ folder: filter });
  if (input.label) where.push({ labels: { $contains: [input.label] } });
  const q = input.q?.trim();
  if (q) where.push({ $or: [{ fromName: { $ilike: likeContains(q) } }, { subject: { $ilike: likeContains(q) } }] });
  const rows = await authed.em.find(Email, { $and: where }, { orderBy: { time: 'desc', id: 'desc' } });
  const emailsMeta = await db(authed.em)
    .selectFrom('emails')
    .select((eb) => {
      const count = (where: Parameters<ReturnType<typeof eb.fn.countAll>['filterWhere']>[0]) =>
        eb.cast<number>(eb.fn.countAll().filterWhere(where), 'integer');
      return [
        count((eb) => eb.and([eb('folder', '=', 'inbox'), eb('is_read', '=', false)])).as('inbox'),
        count((eb) => eb('folder', '=', 'draft')).as('draft'),
        count((eb) => eb.and([eb('folder', '=', 'spam'), eb('is_read', '=', false)])).as('spam'),
        count((eb) => eb('is_starred', '=', true)).as('star'),
      ];
    })
    .where('owner_id', '=', authed.user.id)
    .where('is_deleted', '=', false)
    .executeTakeFirstOrThrow();
  return { emails: rows.map(toEmail), emailsMeta };
}

/**
 * Bulk change of the caller's e-mails `ids` (others' ids and unknown ids are left alone): with `label`,
 * toggles that label on each; otherwise merges `data` (isRead, isStarred, isDeleted, folder). Returns how
 * many e-mails changed.
 */
export async function updateEmails(ctx: ServiceContext, input: TUpdateEmailsInput): Promise<TEmailsUpdated> {
  const authed = await openMailbox(ctx);
  if (input.label) {
    const label: TEmailLabel = input.label;
    const rows = await db(authed.em)
      .updateTable('emails')
      .set((eb) => ({
        labels: sql<
          TEmailLabel[]
        >`case when ${label} = any(${eb.ref('labels')}) then array_remove(${eb.ref('labels')}, ${label}::text)
                                        else array_append(${eb.ref('labels')}, ${label}::text) end`,
        updated_at: now(),
      }))
      .where('owner_id', '=', authed.user.id)
      .where((eb) => eb('id', '=', eb.fn.any(eb.val(input.ids))))
      .returning('id')
      .execute();
    return { count: rows.length };
  }
  const changes = Object.fromEntries(Object.entries(input.data ?? {}).filter(([, v]) => v !== undefined));
  const count = await authed.em.nativeUpdate(
    Email,
    { owner: authed.user.id, id: { $in: input.ids } },
    { ...changes, updatedAt: new Date() },
  );
  return { count };
}

function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The attachments of `fileIds`: files the caller uploaded themselves, else a 400 naming the field. */
async function ownAttachments(ctx: AuthedContext, fileIds: number[]): Promise<TEmailAttachment[]> {
  const ids = [...new Set(fileIds)];
  if (!ids.length) return [];
  const rows = await db(ctx.em)
    .selectFrom('files')
    .select(['id', 'name', 'size', 'mime_type'])
    .where('owner_id', '=', ctx.user.id)
    .where('id', 'in', ids)
    .execute();
  if (rows.length !== ids.length) {
    throw new AppError('BAD_REQUEST', 'email.foreignAttachment', {}, { attachments: 'email.foreignAttachmentField' });
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id)!;
    return {
      fileName: row.name,
      thumbnail: row.mime_type.startsWith('image/') ? `/api/files/${id}?thumbnail=1` : '',
      url: `/api/files/${id}`,
      size: humanSize(row.size),
    };
  });
}

/** Writes the composer's e-mail into `folder`: the caller's draft `input.id` when given (NOT_FOUND unless it is theirs and still a draft), else a new one. */
async function writeEmail(ctx: ServiceContext, input: TSaveDraftInput, folder: 'draft' | 'sent'): Promise<TEmail> {
  const authed = await openMailbox(ctx);
  const attachments = await ownAttachments(authed, input.attachments);
  const fields = {
    to: input.to.map((email) => ({ email, name: email })),
    cc: input.cc,
    bcc: input.bcc,
    subject: input.subject,
    message: await sanitizeRichText(input.message),
    attachments,
    folder,
    time: new Date(),
  };
  let row: Email;
  if (input.id !== undefined) {
    const draft = await authed.em.findOne(Email, {
      id: input.id,
      owner: authed.user.id,
      folder: 'draft',
      isDeleted: false,
    });
    if (!draft) throw new AppError('NOT_FOUND', 'email.noDraft');
    authed.em.assign(draft, fields);
    row = draft;
  } else {
    row = authed.em.create(Email, {
      owner: authed.user.id,
      fromEmail: authed.user.email,
      fromName: authed.user.fullName,
      fromAvatar: '',
      ...fields,
      isStarred: false,
      labels: [],
      replies: [],
      isRead: true,
      isDeleted: false,
    });
  }
  await authed.em.flush();
  return toEmail(row);
}

/** Saves the composer's draft (autosave): creates it, or updates the caller's draft `id`. Recipients may be missing. */
export function saveDraft(ctx: ServiceContext, input: TSaveDraftInput): Promise<TEmail> {
  return writeEmail(ctx, input, 'draft');
}

/**
 * Sends the e-mail: it lands in the caller's Sent folder (the demo mailbox delivers nowhere else); a
 * draft `id` given becomes that sent e-mail. The HTML is kept only in its safe subset.
 */
export function sendEmail(ctx: ServiceContext, input: TSendEmailInput): Promise<TEmail> {
  return writeEmail(ctx, input, 'sent');
}
