// Outgoing e-mail: stored in the outbox table and logged (no mail server exists).
import type { EntityManager } from '@mikro-orm/postgresql';
import { pageWindow, type ListResult } from '../../../../shared/schemas/common.ts';
import type { TListOutboxInput, TOutboxEmail } from '../../../../shared/schemas/outbox.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { OutboxEmail } from './outbox.entity.ts';

export let outboxLogger: (msg: string, data: Record<string, unknown>) => void = () => {};
export function setOutboxLogger(fn: typeof outboxLogger): void {
  outboxLogger = fn;
}

/** Queue an e-mail in the caller's unit of work; flushed with it. */
export async function queueEmail(
  em: EntityManager,
  mail: { to: string; subject: string; body: string; kind: string },
): Promise<void> {
  em.create(OutboxEmail, mail);
  outboxLogger('email queued', { to: mail.to, subject: mail.subject, body: mail.body, kind: mail.kind });
}

/**
 * The outbox, newest first (superadmin only: there is no mail server, so the operator reads mail here).
 * Throws FORBIDDEN for anyone else.
 */
export async function listOutbox(ctx: ServiceContext, input: TListOutboxInput): Promise<ListResult<TOutboxEmail>> {
  authorize(ctx, 'manage', 'all');
  const { offset, limit } = pageWindow(input.page, input.itemsPerPage);
  const where = input.q ? { $or: [{ to: { $ilike: `%${input.q}%` } }, { subject: { $ilike: `%${input.q}%` } }] } : {};
  const [rows, total] = await ctx.em.findAndCount(OutboxEmail, where, { orderBy: { id: 'desc' }, offset, limit });
  return {
    items: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, body: r.body, kind: r.kind, createdAt: r.createdAt })),
    total,
  };
}
