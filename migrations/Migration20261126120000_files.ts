import { Migration } from '@mikro-orm/migrations';

/**
 * Files (issue 12): uploaded documents and photos, their storage keys and detected type, optionally
 * linked to a task (restrict: evidence keeps its task). Generated, trimmed of the generator's noise
 * about other tables' hand-written indexes.
 */
export class Migration20261126120000_files extends Migration {

  override name = 'Migration20261126120000_files';

  override up(): void | Promise<void> {
    this.addSql(`create table "files" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int not null, "owner_id" int not null, "name" varchar(255) not null, "mime_type" varchar(120) not null, "size" int not null, "sha256" varchar(64) not null, "storage_key" varchar(200) not null, "thumbnail_key" varchar(200) null, "linked_type" varchar(40) null, "linked_id" int null, "task_id" int null, "question_key" varchar(64) null);`);
    this.addSql(`alter table "files" add constraint "files_storage_key_unique" unique ("storage_key");`);
    this.addSql(`create index "files_task_id_index" on "files" ("task_id");`);
    this.addSql(`create index "files_customer_id_created_at_id_index" on "files" ("customer_id", "created_at", "id");`);
    this.addSql(`create index "files_owner_id_created_at_id_index" on "files" ("owner_id", "created_at", "id");`);
    this.addSql(`create index "files_name_trgm" on "files" using gin ("name" gin_trgm_ops);`);

    this.addSql(`alter table "files" add constraint "files_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "files" add constraint "files_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "files" add constraint "files_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on delete restrict;`);
    this.addSql(`alter table "files" add constraint "files_size_check" check (size >= 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "files" cascade;`);
  }

}
