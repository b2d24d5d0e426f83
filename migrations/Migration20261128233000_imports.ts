import { Migration } from '@mikro-orm/migrations';

/**
 * Imports of spreadsheets into a customer's records: the plan the preview made (counts, errors, the first
 * rows of each group) and the run's progress and counts, readable by every app process.
 */
export class Migration20261128233000_imports extends Migration {

  override name = 'Migration20261128233000_imports';

  override up(): void | Promise<void> {
    this.addSql(`create table "imports" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int not null, "actor_id" int not null, "file_id" int not null, "kind" varchar(20) not null, "status" varchar(12) not null, "skip_invalid" boolean not null default false, "total" int not null default 0, "processed" int not null default 0, "planned_create" int not null default 0, "planned_update" int not null default 0, "created" int not null default 0, "updated" int not null default 0, "unchanged" int not null default 0, "refused" int not null default 0, "errors" jsonb not null, "samples" jsonb not null, "failure" varchar(120) null, "started_at" timestamptz null, "finished_at" timestamptz null);`);
    this.addSql(`create index "imports_file_id_index" on "imports" ("file_id");`);
    this.addSql(`create index "imports_customer_id_created_at_id_index" on "imports" ("customer_id", "created_at", "id");`);
    this.addSql(`create index "imports_actor_id_index" on "imports" ("actor_id");`);
    this.addSql(`alter table "imports" add constraint "imports_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "imports" add constraint "imports_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "imports" add constraint "imports_file_id_foreign" foreign key ("file_id") references "files" ("id") on delete restrict;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "imports" cascade;`);
  }

}
