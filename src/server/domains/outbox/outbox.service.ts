// Outgoing e-mail: stored in the outbox table and logged (no mail server exists).
import type { EntityManager } from '@mikro-orm/postgresql';
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
