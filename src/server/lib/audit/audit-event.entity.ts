import { defineEntity, p } from '@mikro-orm/core';

/**
 * One mutation of business data: who did what to which record, and the changed fields.
 * Append-only and kept by the kernel: the customer and actor are plain ids, not foreign keys, so
 * the trail outlives the records it names (the actor's e-mail is kept for the same reason) and the
 * kernel depends on no domain.
 */
export const AuditEventSchema = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_events',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    at: p.datetime().onCreate(() => new Date()),
    customer: p.integer().fieldName('customer_id').nullable(),
    actor: p.integer().fieldName('actor_id').nullable(),
    actorEmail: p.string().length(254).nullable(),
    action: p.string().length(40),
    entityType: p.string().length(40),
    entityId: p.integer(),
    changes: p.json<Record<string, unknown>>(),
  },
  // The audit viewer's filters, newest first with the id as tie-breaker (lib/list): all customers
  // (superadmin), one customer, its events by record type, by action; an actor's; a record's history.
  indexes: [
    { name: 'audit_events_at_id_index', properties: ['at', 'id'] },
    { name: 'audit_events_customer_id_at_id_index', properties: ['customer', 'at', 'id'] },
    { name: 'audit_events_customer_id_entity_type_at_id_index', properties: ['customer', 'entityType', 'at', 'id'] },
    { name: 'audit_events_customer_id_action_at_id_index', properties: ['customer', 'action', 'at', 'id'] },
    { name: 'audit_events_actor_id_at_id_index', properties: ['actor', 'at', 'id'] },
    { properties: ['entityType', 'entityId'] },
  ],
});

export class AuditEvent extends AuditEventSchema.class {}
AuditEventSchema.setClass(AuditEvent);
