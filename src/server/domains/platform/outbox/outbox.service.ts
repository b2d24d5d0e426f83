// Outgoing e-mail: written to the outbox in the caller's transaction and reported in the app's log;
// delivered over SMTP by outbox.delivery.ts when SMTP_URL is set. The outbox that reports is made by
// `createOutbox` in app.ts with the app's logger; nothing here is set at run time.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type ListResult, pageWindow } from '../../../../shared/schemas/common.ts';
import type { TListOutboxInput, TOutboxEmail } from '../../../../shared/schemas/outbox.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { likeContains } from '../../../lib/list/index.ts';
import { OutboxEmail } from './outbox.entity.ts';
import { announceMail, type QueuedEmail, queueMail } from './outbox.refs.ts';

export type OutgoingEmail = QueuedEmail;

/** Tells someone an e-mail was queued (the app logs it: that is how a developer sees a reset link). */
export type OutboxReport = (mail: OutgoingEmail) => void;

export interface Outbox {
  /** Queue an e-mail in the caller's transaction (written at once; announced on commit) and report it. */
  queueEmail(em: EntityManager, mail: OutgoingEmail): Promise<void>;
}

/** The outbox of one app: queued mail is stored, then reported through `report`. */
export function createOutbox(report: OutboxReport): Outbox {
  return {
    async queueEmail(em, mail) {
      await queueMail(em, [mail]);
      report(mail);
    },
  };
}

function whereOf(input: TListOutboxInput) {
  const pattern = input.q ? likeContains(input.q) : undefined;
  return {
    ...(pattern && { $or: [{ to: { $ilike: pattern } }, { subject: { $ilike: pattern } }] }),
    ...(input.status && { status: input.status }),
    ...(input.kind && { kind: input.kind }),
  };
}

function toDto(r: OutboxEmail): TOutboxEmail {
  return {
    id: r.id,
    to: r.to,
    subject: r.subject,
    body: r.body,
    kind: r.kind,
    language: r.language,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError ?? null,
    attachmentName: r.attachmentName ?? null,
    sentAt: r.sentAt ?? null,
    createdAt: r.createdAt,
  };
}

/**
 * The outbox, newest first unless `orderBy` says otherwise (superadmin only). Throws FORBIDDEN for anyone else.
 */
export async function listOutbox(ctx: ServiceContext, input: TListOutboxInput): Promise<ListResult<TOutboxEmail>> {
  authorize(ctx, 'manage', 'all');
  const { offset, limit } = pageWindow(input.page, input.itemsPerPage);
  const order = input.sortBy === 'createdAt' ? input.orderBy : 'desc';
  const [rows, total] = await ctx.em.findAndCount(OutboxEmail, whereOf(input), {
    orderBy: { id: order },
    offset,
    limit,
  });
  return { items: rows.map(toDto), total };
}

/** Every e-mail of the filter, newest first, in batches (the CSV export; superadmin only). */
export async function* iterateOutbox(ctx: ServiceContext, input: TListOutboxInput): AsyncGenerator<TOutboxEmail[]> {
  authorize(ctx, 'manage', 'all');
  let below: number | undefined;
  for (;;) {
    const rows = await ctx.em.find(
      OutboxEmail,
      { ...whereOf(input), ...(below !== undefined && { id: { $lt: below } }) },
      { orderBy: { id: 'desc' }, limit: 500 },
    );
    if (!rows.length) return;
    yield rows.map(toDto);
    below = rows[rows.length - 1].id;
    ctx.em.clear();
  }
}

/**
 * Queue a failed or held e-mail again (superadmin only): attempts from zero, announced on commit. Throws
 * FORBIDDEN, NOT_FOUND, CONFLICT (queued, being sent or sent already).
 */
export async function resendOutbox(
  ctx: ServiceContext,
  input: { id: number },
): Promise<{ id: number; status: 'queued' }> {
  authorize(ctx, 'manage', 'all');
  const mail = await ctx.em.findOne(OutboxEmail, { id: input.id });
  if (!mail) throw new AppError('NOT_FOUND', 'outbox.notFound', { id: input.id });
  if (mail.status !== 'failed' && mail.status !== 'held') throw new AppError('CONFLICT', 'outbox.notResendable');
  await ctx.em.transactional(async (tx) => {
    await tx.nativeUpdate(
      OutboxEmail,
      { id: mail.id },
      { status: 'queued', attempts: 0, claimedAt: null, createdAt: new Date() },
    );
    await announceMail(tx);
  });
  return { id: mail.id, status: 'queued' };
}
