import { Migration } from '@mikro-orm/migrations';

// Audit events outlive a deleted customer (their customer becomes null instead of being deleted).
export class Migration20261122010647_business_audit_kept extends Migration {
  override name = 'Migration20261122010647_business_audit_kept';

  override up(): void | Promise<void> {
    this.addSql(`alter table "audit_events" drop constraint "audit_events_customer_id_foreign";`);

    this.addSql(`alter table "audit_events" add constraint "audit_events_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "audit_events" drop constraint "audit_events_customer_id_foreign";`);

    this.addSql(`alter table "audit_events" add constraint "audit_events_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on update no action on delete cascade;`);

  }

}
