import { defineEntity, p } from '@mikro-orm/core';
import { Customer } from '../../domains/organization/customers/customer.entity.ts';
import { User } from '../../domains/organization/users/user.entity.ts';

/**
 * One mutation of business data: who did what to which record, and the changed fields.
 * Append-only; the actor's e-mail is kept so the event survives the user's deletion.
 */
export const AuditEventSchema = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_events',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    at: p.datetime().onCreate(() => new Date()),
    // Kept when the customer is deleted (the trail outlives it).
    customer: () => p.manyToOne(Customer).nullable().deleteRule('set null'),
    actor: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    actorEmail: p.string().length(254).nullable(),
    action: p.string().length(40),
    entityType: p.string().length(40),
    entityId: p.integer(),
    changes: p.json<Record<string, unknown>>(),
  },
  indexes: [{ properties: ['customer', 'at'] }, { properties: ['entityType', 'entityId'] }],
});

export class AuditEvent extends AuditEventSchema.class {}
AuditEventSchema.setClass(AuditEvent);
