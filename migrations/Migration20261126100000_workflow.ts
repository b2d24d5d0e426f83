import { Migration } from '@mikro-orm/migrations';

/**
 * The inspection workflow (issue 11): projects, location assignments, slots, tasks and their reviews;
 * an IANA time zone on customers (default Europe/Paris) and an optional override on locations.
 */
export class Migration20261126100000_workflow extends Migration {

  override name = 'Migration20261126100000_workflow';

  override up(): void | Promise<void> {
    this.addSql(`create table "projects" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "version" int not null default 1, "customer_id" int not null, "code" varchar(32) not null, "name" varchar(200) not null, "description" text null, "scheme_id" int not null, "start_date" date not null, "end_date" date not null, "status" text not null default 'draft', "owner_id" int null, "activated_at" timestamptz null, "completed_at" timestamptz null, "archived_at" timestamptz null);`);
    this.addSql(`create index "projects_scheme_id_index" on "projects" ("scheme_id");`);
    this.addSql(`create index "projects_owner_id_index" on "projects" ("owner_id");`);
    this.addSql(`create index "projects_customer_id_status_index" on "projects" ("customer_id", "status");`);
    this.addSql(`create index "projects_customer_id_start_date_index" on "projects" ("customer_id", "start_date");`);
    this.addSql(`create index "projects_customer_id_created_at_index" on "projects" ("customer_id", "created_at");`);
    this.addSql(`create index "projects_code_trgm" on "projects" using gin ("code" gin_trgm_ops);`);
    this.addSql(`create index "projects_name_trgm" on "projects" using gin ("name" gin_trgm_ops);`);
    this.addSql(`alter table "projects" add constraint "projects_customer_code_unique" unique ("customer_id", "code");`);

    this.addSql(`create table "location_assignments" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "version" int not null default 1, "customer_id" int not null, "project_id" int not null, "location_id" int not null, "team_id" int not null, "assignee_id" int null, "planned_visits" int not null default 0);`);
    this.addSql(`create index "location_assignments_customer_id_index" on "location_assignments" ("customer_id");`);
    this.addSql(`create index "location_assignments_location_id_index" on "location_assignments" ("location_id");`);
    this.addSql(`create index "location_assignments_team_id_index" on "location_assignments" ("team_id");`);
    this.addSql(`create index "location_assignments_assignee_id_index" on "location_assignments" ("assignee_id");`);
    this.addSql(`alter table "location_assignments" add constraint "location_assignments_project_location_unique" unique ("project_id", "location_id");`);

    this.addSql(`create table "slots" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "version" int not null default 1, "customer_id" int not null, "assignment_id" int not null, "starts_at" timestamptz not null, "ends_at" timestamptz not null, "occurrence" varchar(32) null);`);
    this.addSql(`create index "slots_customer_id_index" on "slots" ("customer_id");`);
    this.addSql(`create index "slots_assignment_id_starts_at_index" on "slots" ("assignment_id", "starts_at");`);
    this.addSql(`alter table "slots" add constraint "slots_assignment_occurrence_unique" unique ("assignment_id", "occurrence");`);

    this.addSql(`create table "tasks" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "version" int not null default 1, "customer_id" int not null, "project_id" int not null, "assignment_id" int not null, "slot_id" int not null, "location_id" int not null, "team_id" int not null, "assignee_id" int null, "scheme_id" int not null, "status" text not null default 'scheduled', "starts_at" timestamptz not null, "ends_at" timestamptz not null, "started_at" timestamptz null, "submitted_at" timestamptz null, "reviewed_at" timestamptz null, "check_in_latitude" double precision null, "check_in_longitude" double precision null, "check_in_accuracy" double precision null, "check_in_distance_m" double precision null, "check_in_at" timestamptz null, "out_of_fence" boolean not null default false, "out_of_fence_reason" text null, "answers" jsonb not null, "score" numeric(4,1) null, "passed" boolean null, "critical_failures" jsonb not null, "section_scores" jsonb not null, "signature_file_id" int null, "submit_mutation_id" varchar(100) null, "rework_count" int not null default 0, "cancel_reason" text null, "reminder_sent_at" timestamptz null);`);
    this.addSql(`create index "tasks_assignment_id_index" on "tasks" ("assignment_id");`);
    this.addSql(`alter table "tasks" add constraint "tasks_slot_unique" unique ("slot_id");`);
    this.addSql(`create index "tasks_scheme_id_index" on "tasks" ("scheme_id");`);
    this.addSql(`create index "tasks_assignee_id_starts_at_id_index" on "tasks" ("assignee_id", "starts_at", "id");`);
    this.addSql(`create index "tasks_project_id_status_starts_at_id_index" on "tasks" ("project_id", "status", "starts_at", "id");`);
    this.addSql(`create index "tasks_project_id_starts_at_id_index" on "tasks" ("project_id", "starts_at", "id");`);
    this.addSql(`create index "tasks_location_id_starts_at_id_index" on "tasks" ("location_id", "starts_at", "id");`);
    this.addSql(`create index "tasks_team_id_starts_at_id_index" on "tasks" ("team_id", "starts_at", "id");`);
    this.addSql(`create index "tasks_customer_id_starts_at_id_index" on "tasks" ("customer_id", "starts_at", "id");`);
    this.addSql(`create index "tasks_customer_id_status_starts_at_id_index" on "tasks" ("customer_id", "status", "starts_at", "id");`);
    this.addSql(`create index "tasks_scheduled_ends_index" on "tasks" ("ends_at") where "status" = 'scheduled';`);

    this.addSql(`create table "task_reviews" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "task_id" int not null, "round" int not null, "reviewer_id" int not null, "decision" text not null, "reason" text null, "comment" text null);`);
    this.addSql(`create index "task_reviews_task_id_index" on "task_reviews" ("task_id");`);
    this.addSql(`create index "task_reviews_reviewer_id_index" on "task_reviews" ("reviewer_id");`);

    this.addSql(`alter table "customers" add "time_zone" varchar(64) not null default 'Europe/Paris';`);

    this.addSql(`alter table "locations" add "time_zone" varchar(64) null;`);

    this.addSql(`alter table "projects" add constraint "projects_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "projects" add constraint "projects_scheme_id_foreign" foreign key ("scheme_id") references "schemes" ("id") on delete restrict;`);
    this.addSql(`alter table "projects" add constraint "projects_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "projects" add constraint "projects_period_check" check (end_date >= start_date);`);
    this.addSql(`alter table "projects" add constraint "projects_status_check" check ("status" in ('draft', 'active', 'on_hold', 'completed', 'archived'));`);

    this.addSql(`alter table "location_assignments" add constraint "location_assignments_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "location_assignments" add constraint "location_assignments_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete restrict;`);
    this.addSql(`alter table "location_assignments" add constraint "location_assignments_location_id_foreign" foreign key ("location_id") references "locations" ("id") on delete restrict;`);
    this.addSql(`alter table "location_assignments" add constraint "location_assignments_team_id_foreign" foreign key ("team_id") references "teams" ("id") on delete restrict;`);
    this.addSql(`alter table "location_assignments" add constraint "location_assignments_assignee_id_foreign" foreign key ("assignee_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "location_assignments" add constraint "location_assignments_planned_visits_check" check (planned_visits >= 0 and planned_visits <= 366);`);

    this.addSql(`alter table "slots" add constraint "slots_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "slots" add constraint "slots_assignment_id_foreign" foreign key ("assignment_id") references "location_assignments" ("id") on delete restrict;`);
    this.addSql(`alter table "slots" add constraint "slots_window_check" check (ends_at > starts_at);`);

    this.addSql(`alter table "tasks" add constraint "tasks_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "tasks" add constraint "tasks_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete restrict;`);
    this.addSql(`alter table "tasks" add constraint "tasks_assignment_id_foreign" foreign key ("assignment_id") references "location_assignments" ("id") on delete restrict;`);
    this.addSql(`alter table "tasks" add constraint "tasks_slot_id_foreign" foreign key ("slot_id") references "slots" ("id") on delete restrict;`);
    this.addSql(`alter table "tasks" add constraint "tasks_location_id_foreign" foreign key ("location_id") references "locations" ("id") on delete restrict;`);
    this.addSql(`alter table "tasks" add constraint "tasks_team_id_foreign" foreign key ("team_id") references "teams" ("id") on delete restrict;`);
    this.addSql(`alter table "tasks" add constraint "tasks_assignee_id_foreign" foreign key ("assignee_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "tasks" add constraint "tasks_scheme_id_foreign" foreign key ("scheme_id") references "schemes" ("id") on delete restrict;`);
    this.addSql(`alter table "tasks" add constraint "tasks_score_check" check (score >= 0 and score <= 100);`);
    this.addSql(`alter table "tasks" add constraint "tasks_status_check" check ("status" in ('scheduled', 'in_progress', 'submitted', 'approved', 'rejected', 'missed', 'cancelled'));`);

    this.addSql(`alter table "task_reviews" add constraint "task_reviews_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on delete cascade;`);
    this.addSql(`alter table "task_reviews" add constraint "task_reviews_reviewer_id_foreign" foreign key ("reviewer_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "task_reviews" add constraint "task_reviews_decision_check" check ("decision" in ('approved', 'rejected'));`);
  }
override down(): void | Promise<void> {
    this.addSql(`alter table "location_assignments" drop constraint "location_assignments_project_id_foreign";`);
    this.addSql(`alter table "tasks" drop constraint "tasks_project_id_foreign";`);
    this.addSql(`alter table "slots" drop constraint "slots_assignment_id_foreign";`);
    this.addSql(`alter table "tasks" drop constraint "tasks_assignment_id_foreign";`);
    this.addSql(`alter table "tasks" drop constraint "tasks_slot_id_foreign";`);
    this.addSql(`alter table "task_reviews" drop constraint "task_reviews_task_id_foreign";`);

    this.addSql(`drop table if exists "projects" cascade;`);
    this.addSql(`drop table if exists "location_assignments" cascade;`);
    this.addSql(`drop table if exists "slots" cascade;`);
    this.addSql(`drop table if exists "tasks" cascade;`);
    this.addSql(`drop table if exists "task_reviews" cascade;`);

    this.addSql(`alter table "customers" drop column "time_zone";`);

    this.addSql(`alter table "locations" drop column "time_zone";`);

  }

}
