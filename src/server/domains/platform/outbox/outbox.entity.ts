import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../../db/base.entity.ts';

/** Where an e-mail is: waiting for the SMTP server, being handed over, handed over, refused, or kept (never sent). */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'held'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * An e-mail, committed with what caused it; a pg-boss job hands it to the SMTP server (SMTP_URL).
 * Without SMTP_URL it stays here (and in the log), as before a mail server existed.
 */
export const OutboxEmailSchema = defineEntity({
  name: 'OutboxEmail',
  tableName: 'outbox_emails',
  properties: {
    ...baseProperties,
    to: p.string().length(254).index(),
    subject: p.string().length(300),
    /** The plain-text part. */
    body: p.text(),
    /** The HTML part (null: plain text only). */
    html: p.text().nullable(),
    kind: p.string().length(40),
    language: p.string().length(5).default('en'),
    /** The recipient's account, when they have one (preferences, unsubscribe). */
    userId: p.integer().nullable(),
    /** The customer the e-mail is about (attachments are only ever of this customer). */
    customerId: p.integer().nullable(),
    status: p.string().length(10).$type<DeliveryStatus>().default('queued'),
    attempts: p.integer().default(0),
    /** The SMTP server's last answer (or the connection error) when a hand-off failed. */
    lastError: p.string().length(1000).nullable(),
    /** The Message-ID it went out with: the same on every attempt. */
    messageId: p.string().length(300).nullable(),
    /** When a worker started handing it over (a claim older than a few minutes was lost with its worker). */
    claimedAt: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    /** The one-click unsubscribe address (RFC 8058), sent as List-Unsubscribe; null for security e-mail. */
    listUnsubscribe: p.string().length(600).nullable(),
    /** One attachment rendered when the e-mail was written (a sent invoice's PDF). */
    attachmentName: p.string().length(120).nullable(),
    attachment: p.blob().nullable().lazy(),
  },
  indexes: [
    { properties: ['status', 'createdAt'] },
    { properties: ['createdAt'] },
    { properties: ['kind', 'createdAt'] },
  ],
});

export class OutboxEmail extends OutboxEmailSchema.class {}
OutboxEmailSchema.setClass(OutboxEmail);
