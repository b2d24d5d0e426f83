import { Migration } from '@mikro-orm/migrations';

/**
 * The audit viewer (issue 13 item 6): indexes for its filters in the list kernel's order (newest
 * first, id as tie-breaker): every customer (superadmin), one customer, by record type, by action,
 * by actor. The (customer, at) and (actor) indexes they extend are dropped.
 */
export class Migration20261127120000_audit_list_indexes extends Migration {

  override name = 'Migration20261127120000_audit_list_indexes';

  override up(): void | Promise<void> {
    this.addSql(`drop index if exists "audit_events_customer_id_at_index";`);
    this.addSql(`drop index if exists "audit_events_actor_id_index";`);
    this.addSql(`create index "audit_events_at_id_index" on "audit_events" ("at", "id");`);
    this.addSql(`create index "audit_events_customer_id_at_id_index" on "audit_events" ("customer_id", "at", "id");`);
    this.addSql(`create index "audit_events_customer_id_entity_type_at_id_index" on "audit_events" ("customer_id", "entity_type", "at", "id");`);
    this.addSql(`create index "audit_events_customer_id_action_at_id_index" on "audit_events" ("customer_id", "action", "at", "id");`);
    this.addSql(`create index "audit_events_actor_id_at_id_index" on "audit_events" ("actor_id", "at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "audit_events_at_id_index";`);
    this.addSql(`drop index if exists "audit_events_customer_id_at_id_index";`);
    this.addSql(`drop index if exists "audit_events_customer_id_entity_type_at_id_index";`);
    this.addSql(`drop index if exists "audit_events_customer_id_action_at_id_index";`);
    this.addSql(`drop index if exists "audit_events_actor_id_at_id_index";`);
    this.addSql(`create index "audit_events_customer_id_at_index" on "audit_events" ("customer_id", "at");`);
    this.addSql(`create index "audit_events_actor_id_index" on "audit_events" ("actor_id");`);
  }

}
