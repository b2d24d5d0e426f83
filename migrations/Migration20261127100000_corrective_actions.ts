import { Migration } from '@mikro-orm/migrations';

/**
 * Corrective actions (issue 13): a failed question of an approved task as work for its location, with
 * an owner, a due date, evidence and a verification; and the project's default days until an action is
 * due. Generated, trimmed of the generator's noise about other tables' hand-written indexes.
 */
export class Migration20261127100000_corrective_actions extends Migration {

  override name = 'Migration20261127100000_corrective_actions';

  override up(): void | Promise<void> {
    this.addSql(`create table "corrective_actions" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "version" int not null default 1, "customer_id" int not null, "task_id" int not null, "project_id" int not null, "location_id" int not null, "team_id" int not null, "question_key" varchar(64) not null, "question_text" text not null, "origin" text not null, "status" text not null default 'open', "owner_id" int null, "due_at" timestamptz not null, "note" text null, "completion_note" text null, "evidence_file_ids" jsonb not null, "done_at" timestamptz null, "done_by_id" int null, "verified_at" timestamptz null, "verified_by_id" int null, "verified_by_task_id" int null, "cancelled_at" timestamptz null, "cancel_reason" text null, "overdue_notified_at" timestamptz null, "created_by_id" int null);`);
    this.addSql(`create index "corrective_actions_done_by_id_index" on "corrective_actions" ("done_by_id");`);
    this.addSql(`create index "corrective_actions_verified_by_id_index" on "corrective_actions" ("verified_by_id");`);
    this.addSql(`create index "corrective_actions_verified_by_task_id_index" on "corrective_actions" ("verified_by_task_id");`);
    this.addSql(`create index "corrective_actions_created_by_id_index" on "corrective_actions" ("created_by_id");`);
    this.addSql(`create index "corrective_actions_customer_status_due_index" on "corrective_actions" ("customer_id", "status", "due_at", "id");`);
    this.addSql(`create index "corrective_actions_customer_due_index" on "corrective_actions" ("customer_id", "due_at", "id");`);
    this.addSql(`create index "corrective_actions_owner_due_index" on "corrective_actions" ("owner_id", "due_at", "id");`);
    this.addSql(`create index "corrective_actions_location_due_index" on "corrective_actions" ("location_id", "due_at", "id");`);
    this.addSql(`create index "corrective_actions_project_due_index" on "corrective_actions" ("project_id", "due_at", "id");`);
    this.addSql(`create index "corrective_actions_team_due_index" on "corrective_actions" ("team_id", "due_at", "id");`);
    this.addSql(`create index "corrective_actions_task_index" on "corrective_actions" ("task_id", "id");`);
    this.addSql(`create index "corrective_actions_question_key_trgm" on "corrective_actions" using gin ("question_key" gin_trgm_ops);`);
    this.addSql(`create index "corrective_actions_question_text_trgm" on "corrective_actions" using gin ("question_text" gin_trgm_ops);`);
    this.addSql(`create index "corrective_actions_pending_index" on "corrective_actions" ("location_id", "question_key") where "status" in ('open', 'done');`);
    this.addSql(`create index "corrective_actions_overdue_due_index" on "corrective_actions" ("due_at") where "status" = 'open' and "overdue_notified_at" is null;`);
    this.addSql(`create unique index "corrective_actions_task_question_unique" on "corrective_actions" ("task_id", "question_key") where "status" <> 'cancelled';`);
    this.addSql(`alter table "projects" add "action_due_days" int not null default 14;`);
    this.addSql(`alter table "projects" add constraint "projects_action_due_days_check" check (action_due_days >= 1 and action_due_days <= 365);`);
    this.addSql(`alter table "corrective_actions" add constraint "corrective_actions_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "corrective_actions" add constraint "corrective_actions_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on delete restrict;`);
    this.addSql(`alter table "corrective_actions" add constraint "corrective_actions_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete restrict;`);
    this.addSql(`alter table "corrective_actions" add constraint "corrective_actions_location_id_foreign" foreign key ("location_id") references "locations" ("id") on delete restrict;`);
    this.addSql(`alter table "corrective_actions" add constraint "corrective_actions_team_id_foreign" foreign key ("team_id") references "teams" ("id") on delete restrict;`);
    this.addSql(`alter table "corrective_actions" add constraint "corrective_actions_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "corrective_actions" add constraint "corrective_actions_done_by_id_foreign" foreign key ("done_by_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "corrective_actions" add constraint "corrective_actions_verified_by_id_foreign" foreign key ("verified_by_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "corrective_actions" add constraint "corrective_actions_verified_by_task_id_foreign" foreign key ("verified_by_task_id") references "tasks" ("id") on delete restrict;`);
    this.addSql(`alter table "corrective_actions" add constraint "corrective_actions_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "corrective_actions" add constraint "corrective_actions_origin_check" check ("origin" in ('auto', 'reviewer'));`);
    this.addSql(`alter table "corrective_actions" add constraint "corrective_actions_status_check" check ("status" in ('open', 'done', 'verified', 'cancelled'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "projects" drop constraint "projects_action_due_days_check";`);
    this.addSql(`alter table "projects" drop column "action_due_days";`);
    this.addSql(`drop table if exists "corrective_actions" cascade;`);
  }

}
