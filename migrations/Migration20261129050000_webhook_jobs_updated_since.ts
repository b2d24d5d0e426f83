import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook deliveries move to pg-boss jobs (one per endpoint at a time): the per-process lease column goes;
 * a signing secret may be stored encrypted (longer); the minute sweep finds due rows by an index of the
 * pending ones. The business API's lists filter by `updatedSince` within a customer.
 */
export class Migration20261129050000_webhook_jobs_updated_since extends Migration {

  override name = 'Migration20261129050000_webhook_jobs_updated_since';

  override up(): void | Promise<void> {
    this.addSql(`alter table "webhook_endpoints" drop column "lease_until";`);
    // Room for a signing secret encrypted with SECRETS_KEY (v1:<nonce>:<tag>:<ciphertext>).
    this.addSql(`alter table "webhook_endpoints" alter column "secret" type varchar(300) using ("secret"::varchar(300));`);
    this.addSql(`create index "webhook_deliveries_pending_due_index" on "webhook_deliveries" ("next_attempt_at") where "status" = 'pending';`);
    // Incremental sync (`updatedSince`) of the business API's other lists, per customer.
    this.addSql(`create index "teams_customer_id_updated_at_index" on "teams" ("customer_id", "updated_at");`);
    this.addSql(`create index "users_customer_id_updated_at_index" on "users" ("customer_id", "updated_at");`);
    this.addSql(`create index "directions_customer_id_updated_at_index" on "directions" ("customer_id", "updated_at");`);
    this.addSql(`create index "location_classes_customer_id_updated_at_index" on "location_classes" ("customer_id", "updated_at");`);
    this.addSql(`create index "schemes_customer_id_updated_at_index" on "schemes" ("customer_id", "updated_at");`);
    this.addSql(`create index "sub_directions_customer_id_updated_at_index" on "sub_directions" ("customer_id", "updated_at");`);
    this.addSql(`create index "location_assignments_customer_id_updated_at_index" on "location_assignments" ("customer_id", "updated_at");`);
    this.addSql(`create index "corrective_actions_customer_id_updated_at_index" on "corrective_actions" ("customer_id", "updated_at");`);
    this.addSql(`create index "projects_customer_id_updated_at_index" on "projects" ("customer_id", "updated_at");`);
    this.addSql(`create index "slots_customer_id_updated_at_index" on "slots" ("customer_id", "updated_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "teams_customer_id_updated_at_index";`);
    this.addSql(`drop index if exists "users_customer_id_updated_at_index";`);
    this.addSql(`drop index if exists "directions_customer_id_updated_at_index";`);
    this.addSql(`drop index if exists "location_classes_customer_id_updated_at_index";`);
    this.addSql(`drop index if exists "schemes_customer_id_updated_at_index";`);
    this.addSql(`drop index if exists "sub_directions_customer_id_updated_at_index";`);
    this.addSql(`drop index if exists "location_assignments_customer_id_updated_at_index";`);
    this.addSql(`drop index if exists "corrective_actions_customer_id_updated_at_index";`);
    this.addSql(`drop index if exists "projects_customer_id_updated_at_index";`);
    this.addSql(`drop index if exists "slots_customer_id_updated_at_index";`);
    this.addSql(`drop index if exists "webhook_deliveries_pending_due_index";`);
    this.addSql(`alter table "webhook_endpoints" add column "lease_until" timestamptz null;`);
    this.addSql(`alter table "webhook_endpoints" alter column "secret" type varchar(100) using ("secret"::varchar(100));`);
  }

}
