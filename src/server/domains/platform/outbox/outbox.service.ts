// Outgoing e-mail: written to the outbox in the caller's transaction and reported in the app's log;
// delivered over SMTP by outbox.delivery.ts when SMTP_URL is set. The outbox that reports is made by
// `createOutbox` in app.ts with the app's logger; nothing here is set at run time.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type ListResult, pageWindow } from '../../../../shared/schemas/common.ts';
import type { TListOutboxInput, TOutboxEmail } from '../../../../shared/schemas/outbox.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { likeContains } from '../../../lib/list/index.ts';
import { OutboxEmail } from './outbox.entity.ts';
import { type QueuedEmail, queueMail } from './outbox.refs.ts';

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

/**
 * The outbox, newest first (superadmin only). Throws FORBIDDEN for anyone else.
 */
export async function listOutbox(ctx: ServiceContext, input: TListOutboxInput): Promise<ListResult<TOutboxEmail>> {
  authorize(ctx, 'manage', 'all');
  const { offset, limit } = pageWindow(input.page, input.itemsPerPage);
  const pattern = input.q ? likeContains(input.q) : undefined;
  const where = pattern ? { $or: [{ to: { $ilike: pattern } }, { subject: { $ilike: pattern } }] } : {};
  const [rows, total] = await ctx.em.findAndCount(OutboxEmail, where, { orderBy: { id: 'desc' }, offset, limit });
  return {
    items: rows.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      body: r.body,
      kind: r.kind,
      createdAt: r.createdAt,
    })),
    total,
  };
}
