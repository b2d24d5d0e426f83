// E-mail demo app: the caller's own mailbox (folders, labels, stars, read and trash flags, replies).
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { ZId } from './common.ts';

export const EMAIL_LABELS = ['personal', 'private', 'company', 'important'] as const;
export type TEmailLabel = (typeof EMAIL_LABELS)[number];
export const EMAIL_FOLDERS = ['inbox', 'draft', 'spam', 'sent'] as const;
export type TEmailFolder = (typeof EMAIL_FOLDERS)[number];
export const EMAIL_FILTERS = [...EMAIL_FOLDERS, 'starred', 'trashed'] as const;
export type TEmailFilter = (typeof EMAIL_FILTERS)[number];
/** Most e-mails one bulk update may touch. */
export const MAX_EMAIL_IDS = 500;

export const ZEmailAddress = z.object({ email: z.string(), name: z.string() });
export const ZEmailAttachment = z.object({
  fileName: z.string(),
  thumbnail: z.string(),
  url: z.string(),
  size: z.string(),
});
export type TEmailAttachment = z.infer<typeof ZEmailAttachment>;

const emailFields = {
  id: z.number().int(),
  from: ZEmailAddress.extend({ avatar: z.string() }),
  to: z.array(ZEmailAddress),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  /** HTML. */
  message: z.string(),
  attachments: z.array(ZEmailAttachment),
  time: z.date(),
};
/** An earlier message of the thread. */
export const ZEmailReply = z.object(emailFields);
export type TEmailReply = z.infer<typeof ZEmailReply>;

export const ZEmail = z.object({
  ...emailFields,
  isStarred: z.boolean(),
  labels: z.array(z.enum(EMAIL_LABELS)),
  replies: z.array(ZEmailReply),
  folder: z.enum(EMAIL_FOLDERS),
  isRead: z.boolean(),
  isDeleted: z.boolean(),
});
export type TEmail = z.infer<typeof ZEmail>;

export const ZListEmailsInput = z.object({
  /** Part of the sender's name or of the subject. */
  q: z.string().trim().max(200).optional(),
  /** Defaults to inbox unless a label is given. */
  filter: z.enum(EMAIL_FILTERS).optional(),
  label: z.enum(EMAIL_LABELS).optional(),
});
export type TListEmailsInput = z.infer<typeof ZListEmailsInput>;

export const ZEmailsMeta = z.object({
  /** Unread e-mails in the inbox. */
  inbox: z.number().int(),
  draft: z.number().int(),
  /** Unread spam. */
  spam: z.number().int(),
  star: z.number().int(),
});
export const ZEmailList = z.object({ emails: z.array(ZEmail), emailsMeta: ZEmailsMeta });
export type TEmailList = z.infer<typeof ZEmailList>;

/** The fields a bulk update may merge into e-mails; nothing else. */
export const ZEmailChanges = z
  .strictObject({
    isRead: z.boolean().optional(),
    isStarred: z.boolean().optional(),
    isDeleted: z.boolean().optional(),
    folder: z.enum(EMAIL_FOLDERS).optional(),
  })
  .refine((data) => Object.values(data).some((v) => v !== undefined), {
    message: msg('email.dataEmpty'),
  });

/** With `label`: toggle that label on the e-mails. Without: merge `data` into them. */
export const ZUpdateEmailsInput = z
  .object({
    ids: z.array(ZId).min(1, msg('email.idsRequired')).max(MAX_EMAIL_IDS),
    data: ZEmailChanges.optional(),
    label: z.enum(EMAIL_LABELS).optional(),
  })
  .refine((input) => input.label !== undefined || input.data !== undefined, {
    message: msg('email.labelOrData'),
    path: ['data'],
  });
export type TUpdateEmailsInput = z.infer<typeof ZUpdateEmailsInput>;
/** How many e-mails a bulk update changed. */
export const ZEmailsUpdated = z.object({ count: z.number().int() });
export type TEmailsUpdated = z.infer<typeof ZEmailsUpdated>;

/** Largest message body (HTML) a user may write. */
export const MAX_EMAIL_HTML = 100_000;
/** Most attachments and recipients of one e-mail. */
export const MAX_EMAIL_ATTACHMENTS = 10;
export const MAX_EMAIL_RECIPIENTS = 50;

const zRecipients = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email(msg('email.recipients'))),
  )
  .max(MAX_EMAIL_RECIPIENTS);

/**
 * What the composer saves: a draft (autosave, no recipient needed) or the e-mail to send. `id` names
 * the caller's draft it continues; `attachments` are ids of files the caller uploaded (POST /api/files).
 * `message` is HTML; the server keeps only its safe subset.
 */
export const ZComposeEmailFields = z.object({
  id: ZId.optional(),
  to: zRecipients,
  cc: zRecipients.default([]),
  bcc: zRecipients.default([]),
  subject: z.string().trim().max(300, msg('email.subjectMax')).default(''),
  message: z.string().max(MAX_EMAIL_HTML, msg('email.messageTooLong')).default(''),
  attachments: z.array(ZId).max(MAX_EMAIL_ATTACHMENTS, msg('email.attachmentsMax')).default([]),
});
export const ZSaveDraftInput = ZComposeEmailFields;
export type TSaveDraftInput = z.infer<typeof ZSaveDraftInput>;
export const ZSendEmailInput = ZComposeEmailFields.extend({
  to: zRecipients.min(1, msg('email.recipientRequired')),
});
export type TSendEmailInput = z.infer<typeof ZSendEmailInput>;
