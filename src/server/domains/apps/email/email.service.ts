// E-mail demo app. Each user reads and changes their own copy of the sample mailbox (made on first use),
// so every role that may read DemoApp may update it: the changes are theirs alone.
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TEmail, TEmailLabel, TEmailList, TListEmailsInput, TUpdateEmailsInput } from '../../../../shared/schemas/email.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { execSql, likeContains, sql } from '../../../lib/sql-list.ts';
import { openDemoCopy, shiftedToToday } from '../provision/demo-provision.service.ts';
import { Email } from './email.entity.ts';

/** Copies the sample mailbox; received mail is addressed to the user, sent mail and drafts come from them. */
async function copySampleMailbox(em: EntityManager, userId: number): Promise<void> {
  await execSql(
    em,
    sql`insert into emails (owner_id, from_email, from_name, from_avatar, "to", cc, bcc, subject, message, attachments,
                            is_starred, labels, time, replies, folder, is_read, is_deleted, created_at, updated_at)
        select ${userId},
               case when e.folder in ('sent', 'draft') then u.email else e.from_email end,
               case when e.folder in ('sent', 'draft') then u.full_name else e.from_name end,
               case when e.folder in ('sent', 'draft') then '' else e.from_avatar end,
               case when e.folder in ('inbox', 'spam') then jsonb_build_array(jsonb_build_object('email', u.email, 'name', u.full_name)) else e."to" end,
               e.cc, e.bcc, e.subject, e.message, e.attachments, e.is_starred, e.labels,
               ${shiftedToToday('e.time', 'e.created_at')}, e.replies, e.folder, e.is_read, e.is_deleted, now(), now()
          from emails e join users u on u.id = ${userId}
         where e.owner_id is null
         order by e.id`,
  );
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
    labels: row.labels as TEmailLabel[],
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
  const [meta] = await execSql<TEmailList['emailsMeta']>(
    authed.em,
    sql`select count(*) filter (where folder = 'inbox' and not is_read)::int as "inbox",
               count(*) filter (where folder = 'draft')::int as "draft",
               count(*) filter (where folder = 'spam' and not is_read)::int as "spam",
               count(*) filter (where is_starred)::int as "star"
          from emails where owner_id = ${authed.user.id} and not is_deleted`,
  );
  return { emails: rows.map(toEmail), emailsMeta: meta };
}

/**
 * Bulk change of the caller's e-mails `ids` (others' ids and unknown ids are left alone): with `label`,
 * toggles that label on each; otherwise merges `data` (isRead, isStarred, isDeleted, folder). Returns how
 * many e-mails changed.
 */
export async function updateEmails(ctx: ServiceContext, input: TUpdateEmailsInput): Promise<{ count: number }> {
  const authed = await openMailbox(ctx);
  if (input.label) {
    const rows = await execSql(
      authed.em,
      sql`update emails
             set labels = case when ${input.label} = any(labels) then array_remove(labels, ${input.label}::text)
                               else array_append(labels, ${input.label}::text) end,
                 updated_at = now()
           where owner_id = ${authed.user.id} and id = any(${input.ids}::int[])
       returning id`,
    );
    return { count: rows.length };
  }
  const changes = Object.fromEntries(Object.entries(input.data ?? {}).filter(([, v]) => v !== undefined));
  const count = await authed.em.nativeUpdate(Email, { owner: authed.user.id, id: { $in: input.ids } }, { ...changes, updatedAt: new Date() });
  return { count };
}
