import { Migration } from '@mikro-orm/migrations';

/**
 * Integrations: API keys (hash only) with the first answers of idempotent POSTs, webhook endpoints and
 * their deliveries (the outbox rows, written with the change, delivered and retried by jobs).
 */
export class Migration20261128230000_integrations extends Migration {

  override name = 'Migration20261128230000_integrations';

  override up(): void | Promise<void> {
    this.addSql(`create table "api_keys" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int not null, "created_by_id" int not null, "name" varchar(100) not null, "role" varchar(20) not null, "prefix" varchar(16) not null, "key_hash" varchar(64) not null, "expires_at" timestamptz null, "revoked_at" timestamptz null, "last_used_at" timestamptz null, "last_used_ip" varchar(64) null);`);
    this.addSql(`create index "api_keys_created_by_id_index" on "api_keys" ("created_by_id");`);
    this.addSql(`alter table "api_keys" add constraint "api_keys_key_hash_unique" unique ("key_hash");`);
    this.addSql(`create index "api_keys_customer_id_id_index" on "api_keys" ("customer_id", "id");`);

    this.addSql(`create table "api_idempotency" ("api_key_id" int not null, "idempotency_key" varchar(200) not null, "route" varchar(300) not null, "request_hash" varchar(64) not null, "status" int not null, "body" jsonb not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("api_key_id", "idempotency_key"));`);
    this.addSql(`create index "api_idempotency_expires_at_index" on "api_idempotency" ("expires_at");`);

    this.addSql(`create table "webhook_endpoints" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int not null, "url" varchar(2000) not null, "events" jsonb not null, "description" varchar(300) null, "secret" varchar(100) not null, "enabled" boolean not null default true, "disabled_reason" varchar(100) null, "failing_since" timestamptz null, "lease_until" timestamptz null);`);
    this.addSql(`create index "webhook_endpoints_customer_id_id_index" on "webhook_endpoints" ("customer_id", "id");`);

    this.addSql(`create table "webhook_deliveries" ("id" bigserial primary key, "created_at" timestamptz not null, "customer_id" int not null, "endpoint_id" int not null, "message_id" varchar(64) not null, "event_type" varchar(60) not null, "payload" text not null, "status" varchar(20) not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz null, "last_attempt_at" timestamptz null, "last_response_status" int null, "last_response_body" varchar(1000) null, "last_duration_ms" int null, "delivered_at" timestamptz null);`);
    this.addSql(`create index "webhook_deliveries_endpoint_id_id_index" on "webhook_deliveries" ("endpoint_id", "id");`);
    this.addSql(`create index "webhook_deliveries_due_index" on "webhook_deliveries" ("endpoint_id", "next_attempt_at");`);

    // Incremental sync of tasks (`updatedSince`); locations have their (customer, updated_at) index already.
    this.addSql(`create index "tasks_customer_id_updated_at_index" on "tasks" ("customer_id", "updated_at");`);

    this.addSql(`alter table "api_keys" add constraint "api_keys_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "api_keys" add constraint "api_keys_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "api_idempotency" add constraint "api_idempotency_api_key_id_foreign" foreign key ("api_key_id") references "api_keys" ("id") on delete cascade;`);
    this.addSql(`alter table "webhook_endpoints" add constraint "webhook_endpoints_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "webhook_deliveries" add constraint "webhook_deliveries_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "webhook_deliveries" add constraint "webhook_deliveries_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoints" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "tasks_customer_id_updated_at_index";`);
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "webhook_endpoints" cascade;`);
    this.addSql(`drop table if exists "api_idempotency" cascade;`);
    this.addSql(`drop table if exists "api_keys" cascade;`);
  }

}
