import { Migration } from '@mikro-orm/migrations';

// The audit trail belongs to the kernel: its customer and actor are plain ids (no foreign keys into
// domain tables), so events keep naming a deleted customer or user instead of losing the link.
export class Migration20261124100000_audit_kernel extends Migration {
  override name = 'Migration20261124100000_audit_kernel';

  override up(): void | Promise<void> {
    this.addSql(`alter table "audit_events" drop constraint "audit_events_customer_id_foreign";`);
    this.addSql(`alter table "audit_events" drop constraint "audit_events_actor_id_foreign";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`update "audit_events" set "customer_id" = null where "customer_id" not in (select "id" from "customers");`);
    this.addSql(`update "audit_events" set "actor_id" = null where "actor_id" not in (select "id" from "users");`);
    this.addSql(`alter table "audit_events" add constraint "audit_events_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete set null;`);
    this.addSql(`alter table "audit_events" add constraint "audit_events_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`);
  }
}
