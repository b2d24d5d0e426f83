import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../../db/base.entity.ts';

/** E-mail that would be sent; no mail server exists, so it is kept here and logged. */
export const OutboxEmailSchema = defineEntity({
  name: 'OutboxEmail',
  tableName: 'outbox_emails',
  properties: {
    ...baseProperties,
    to: p.string().length(254).index(),
    subject: p.string().length(300),
    body: p.text(),
    kind: p.string().length(40),
  },
});

export class OutboxEmail extends OutboxEmailSchema.class {}
OutboxEmailSchema.setClass(OutboxEmail);
