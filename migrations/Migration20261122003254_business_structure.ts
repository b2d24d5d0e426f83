import { Migration } from '@mikro-orm/migrations';

export class Migration20261122003254_business_structure extends Migration {

  override name = 'Migration20261122003254_business_structure';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);


    this.addSql(`create table "directions" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int not null, "code" varchar(32) not null, "name" varchar(200) not null, "description" text null, "active" boolean not null default true, "archived_at" timestamptz null);`);
    this.addSql(`create index "directions_customer_id_name_index" on "directions" ("customer_id", "name");`);
    this.addSql(`create index "directions_code_trgm" on "directions" using gin ("code" gin_trgm_ops);`);
    this.addSql(`create index "directions_name_trgm" on "directions" using gin ("name" gin_trgm_ops);`);
    this.addSql(`alter table "directions" add constraint "directions_customer_code_unique" unique ("customer_id", "code");`);

    this.addSql(`create table "licenses" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int not null, "key" varchar(40) not null, "plan" text not null, "seats" int not null, "modules" jsonb not null, "starts_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "revoke_reason" varchar(300) null);`);
    this.addSql(`alter table "licenses" add constraint "licenses_key_unique" unique ("key");`);
    this.addSql(`create index "licenses_customer_id_starts_at_index" on "licenses" ("customer_id", "starts_at");`);
    this.addSql(`create index "licenses_expires_at_index" on "licenses" ("expires_at");`);
    this.addSql(`create index "licenses_key_trgm" on "licenses" using gin ("key" gin_trgm_ops);`);

    this.addSql(`create table "classes" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int not null, "name" varchar(120) not null, "description" text null, "color" varchar(7) not null default '#6e7781', "archived_at" timestamptz null);`);
    this.addSql(`create index "classes_name_trgm" on "classes" using gin ("name" gin_trgm_ops);`);
    this.addSql(`alter table "classes" add constraint "classes_customer_name_unique" unique ("customer_id", "name");`);

    this.addSql(`create table "schemes" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int not null, "key" uuid not null, "version" int not null, "is_latest" boolean not null default true, "name" varchar(200) not null, "description" text null, "status" text not null default 'draft', "passing_score" int not null default 80, "require_signature" boolean not null default false, "published_at" timestamptz null, "archived_at" timestamptz null);`);
    this.addSql(`create index "schemes_customer_id_name_index" on "schemes" ("customer_id", "name");`);
    this.addSql(`create index "schemes_customer_id_is_latest_status_index" on "schemes" ("customer_id", "is_latest", "status");`);
    this.addSql(`create index "schemes_name_trgm" on "schemes" using gin ("name" gin_trgm_ops);`);
    this.addSql(`alter table "schemes" add constraint "schemes_key_version_unique" unique ("key", "version");`);
    this.addSql(`create unique index "schemes_one_draft_per_key" on "schemes" ("key") where "status" = 'draft';`);

    this.addSql(`create table "scheme_sections" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "scheme_id" int not null, "title" varchar(200) not null, "weight" numeric(6,2) not null default 1, "position" int not null);`);
    this.addSql(`create index "scheme_sections_scheme_id_index" on "scheme_sections" ("scheme_id");`);

    this.addSql(`create table "scheme_questions" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "scheme_id" int not null, "section_id" int not null, "key" varchar(64) not null, "position" int not null, "text" varchar(500) not null, "help" text null, "type" text not null, "options" jsonb not null, "max_score" numeric(8,2) not null default 1, "weight" numeric(6,2) not null default 1, "required" boolean not null default true, "allow_na" boolean not null default false, "critical" boolean not null default false, "evidence" text not null default 'none', "min_photos" int not null default 0, "visible_if" jsonb null);`);
    this.addSql(`create index "scheme_questions_section_id_index" on "scheme_questions" ("section_id");`);
    this.addSql(`alter table "scheme_questions" add constraint "scheme_questions_scheme_key_unique" unique ("scheme_id", "key");`);

    this.addSql(`create table "sub_directions" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int not null, "direction_id" int not null, "code" varchar(32) not null, "name" varchar(200) not null, "description" text null, "active" boolean not null default true, "archived_at" timestamptz null);`);
    this.addSql(`create index "sub_directions_direction_id_index" on "sub_directions" ("direction_id");`);
    this.addSql(`create index "sub_directions_customer_id_name_index" on "sub_directions" ("customer_id", "name");`);
    this.addSql(`create index "sub_directions_code_trgm" on "sub_directions" using gin ("code" gin_trgm_ops);`);
    this.addSql(`create index "sub_directions_name_trgm" on "sub_directions" using gin ("name" gin_trgm_ops);`);
    this.addSql(`alter table "sub_directions" add constraint "sub_directions_direction_code_unique" unique ("direction_id", "code");`);

    this.addSql(`create table "locations" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int not null, "sub_direction_id" int not null, "class_id" int null, "code" varchar(32) not null, "name" varchar(200) not null, "address" varchar(300) null, "city" varchar(120) null, "latitude" numeric(9,6) null, "longitude" numeric(9,6) null, "geofence_radius_m" int not null default 100, "opening_hours" jsonb not null, "active" boolean not null default true, "archived_at" timestamptz null);`);
    this.addSql(`create index "locations_sub_direction_id_index" on "locations" ("sub_direction_id");`);
    this.addSql(`create index "locations_class_id_index" on "locations" ("class_id");`);
    this.addSql(`create index "locations_customer_id_name_index" on "locations" ("customer_id", "name");`);
    this.addSql(`create index "locations_customer_id_city_index" on "locations" ("customer_id", "city");`);
    this.addSql(`create index "locations_customer_id_created_at_index" on "locations" ("customer_id", "created_at");`);
    this.addSql(`create index "locations_customer_id_updated_at_index" on "locations" ("customer_id", "updated_at");`);
    this.addSql(`create index "locations_code_trgm" on "locations" using gin ("code" gin_trgm_ops);`);
    this.addSql(`create index "locations_name_trgm" on "locations" using gin ("name" gin_trgm_ops);`);
    this.addSql(`create index "locations_city_trgm" on "locations" using gin ("city" gin_trgm_ops);`);
    this.addSql(`alter table "locations" add constraint "locations_customer_code_unique" unique ("customer_id", "code");`);

    this.addSql(`create table "teams" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "customer_id" int not null, "name" varchar(120) not null, "description" text null, "floor_manager_id" int null, "team_leader_id" int null, "active" boolean not null default true, "archived_at" timestamptz null);`);
    this.addSql(`create index "teams_floor_manager_id_index" on "teams" ("floor_manager_id");`);
    this.addSql(`create index "teams_team_leader_id_index" on "teams" ("team_leader_id");`);
    this.addSql(`create index "teams_name_trgm" on "teams" using gin ("name" gin_trgm_ops);`);
    this.addSql(`alter table "teams" add constraint "teams_customer_name_unique" unique ("customer_id", "name");`);

    this.addSql(`create table "team_members" ("team_id" int not null, "user_id" int not null, primary key ("team_id", "user_id"));`);
    this.addSql(`create index "team_members_user_id_index" on "team_members" ("user_id");`);

    this.addSql(`create table "audit_events" ("id" bigserial primary key, "at" timestamptz not null, "customer_id" int null, "actor_id" int null, "actor_email" varchar(254) null, "action" varchar(40) not null, "entity_type" varchar(40) not null, "entity_id" int not null, "changes" jsonb not null);`);
    this.addSql(`create index "audit_events_actor_id_index" on "audit_events" ("actor_id");`);
    this.addSql(`create index "audit_events_customer_id_at_index" on "audit_events" ("customer_id", "at");`);
    this.addSql(`create index "audit_events_entity_type_entity_id_index" on "audit_events" ("entity_type", "entity_id");`);

    this.addSql(`create index "customers_code_trgm" on "customers" using gin ("code" gin_trgm_ops);`);
    this.addSql(`create index "customers_name_trgm" on "customers" using gin ("name" gin_trgm_ops);`);

    this.addSql(`alter table "users" add "team_id" int null, add "avatar" varchar(255) null;`);
    this.addSql(`alter table "users" add constraint "users_team_id_foreign" foreign key ("team_id") references "teams" ("id") on delete set null;`);
    this.addSql(`create index "users_team_id_index" on "users" ("team_id");`);
    this.addSql(`create index "users_customer_id_full_name_index" on "users" ("customer_id", "full_name");`);
    this.addSql(`create index "users_full_name_trgm" on "users" using gin ("full_name" gin_trgm_ops);`);
    this.addSql(`create index "users_email_trgm" on "users" using gin ("email" gin_trgm_ops);`);

    this.addSql(`alter table "directions" add constraint "directions_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);

    this.addSql(`alter table "licenses" add constraint "licenses_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "licenses" add constraint "licenses_period_check" check (expires_at > starts_at);`);
    this.addSql(`alter table "licenses" add constraint "licenses_seats_check" check (seats >= 1);`);
    this.addSql(`alter table "licenses" add constraint "licenses_plan_check" check ("plan" in ('basic', 'team', 'company', 'enterprise'));`);

    this.addSql(`alter table "classes" add constraint "classes_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "classes" add constraint "classes_color_check" check (color ~ '^#[0-9a-fA-F]{6}\$');`);

    this.addSql(`alter table "schemes" add constraint "schemes_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "schemes" add constraint "schemes_version_check" check (version >= 1);`);
    this.addSql(`alter table "schemes" add constraint "schemes_passing_score_check" check (passing_score >= 0 and passing_score <= 100);`);
    this.addSql(`alter table "schemes" add constraint "schemes_status_check" check ("status" in ('draft', 'published', 'archived'));`);

    this.addSql(`alter table "scheme_sections" add constraint "scheme_sections_scheme_id_foreign" foreign key ("scheme_id") references "schemes" ("id") on delete cascade;`);
    this.addSql(`alter table "scheme_sections" add constraint "scheme_sections_weight_check" check (weight >= 0);`);

    this.addSql(`alter table "scheme_questions" add constraint "scheme_questions_scheme_id_foreign" foreign key ("scheme_id") references "schemes" ("id") on delete cascade;`);
    this.addSql(`alter table "scheme_questions" add constraint "scheme_questions_section_id_foreign" foreign key ("section_id") references "scheme_sections" ("id") on delete cascade;`);
    this.addSql(`alter table "scheme_questions" add constraint "scheme_questions_max_score_check" check (max_score >= 0);`);
    this.addSql(`alter table "scheme_questions" add constraint "scheme_questions_weight_check" check (weight >= 0);`);
    this.addSql(`alter table "scheme_questions" add constraint "scheme_questions_min_photos_check" check (min_photos >= 0 and min_photos <= 20);`);
    this.addSql(`alter table "scheme_questions" add constraint "scheme_questions_type_check" check ("type" in ('yesno', 'score', 'choice', 'number', 'text', 'photo', 'signature'));`);
    this.addSql(`alter table "scheme_questions" add constraint "scheme_questions_evidence_check" check ("evidence" in ('none', 'on_fail', 'always'));`);

    this.addSql(`alter table "sub_directions" add constraint "sub_directions_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "sub_directions" add constraint "sub_directions_direction_id_foreign" foreign key ("direction_id") references "directions" ("id") on delete restrict;`);

    this.addSql(`alter table "locations" add constraint "locations_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "locations" add constraint "locations_sub_direction_id_foreign" foreign key ("sub_direction_id") references "sub_directions" ("id") on delete restrict;`);
    this.addSql(`alter table "locations" add constraint "locations_class_id_foreign" foreign key ("class_id") references "classes" ("id") on delete restrict;`);
    this.addSql(`alter table "locations" add constraint "locations_coordinates_check" check ((latitude is null) = (longitude is null));`);
    this.addSql(`alter table "locations" add constraint "locations_latitude_check" check (latitude >= -90 and latitude <= 90);`);
    this.addSql(`alter table "locations" add constraint "locations_longitude_check" check (longitude >= -180 and longitude <= 180);`);
    this.addSql(`alter table "locations" add constraint "locations_geofence_radius_m_check" check (geofence_radius_m >= 10 and geofence_radius_m <= 10000);`);

    this.addSql(`alter table "teams" add constraint "teams_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);
    this.addSql(`alter table "teams" add constraint "teams_floor_manager_id_foreign" foreign key ("floor_manager_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "teams" add constraint "teams_team_leader_id_foreign" foreign key ("team_leader_id") references "users" ("id") on delete restrict;`);

    this.addSql(`alter table "team_members" add constraint "team_members_team_id_foreign" foreign key ("team_id") references "teams" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "team_members" add constraint "team_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "audit_events" add constraint "audit_events_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete cascade;`);
    this.addSql(`alter table "audit_events" add constraint "audit_events_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sub_directions" drop constraint "sub_directions_direction_id_foreign";`);
    this.addSql(`alter table "locations" drop constraint "locations_class_id_foreign";`);
    this.addSql(`alter table "scheme_sections" drop constraint "scheme_sections_scheme_id_foreign";`);
    this.addSql(`alter table "scheme_questions" drop constraint "scheme_questions_scheme_id_foreign";`);
    this.addSql(`alter table "scheme_questions" drop constraint "scheme_questions_section_id_foreign";`);
    this.addSql(`alter table "locations" drop constraint "locations_sub_direction_id_foreign";`);
    this.addSql(`alter table "users" drop constraint "users_team_id_foreign";`);
    this.addSql(`alter table "team_members" drop constraint "team_members_team_id_foreign";`);

    this.addSql(`drop table if exists "directions" cascade;`);
    this.addSql(`drop table if exists "licenses" cascade;`);
    this.addSql(`drop table if exists "classes" cascade;`);
    this.addSql(`drop table if exists "schemes" cascade;`);
    this.addSql(`drop table if exists "scheme_sections" cascade;`);
    this.addSql(`drop table if exists "scheme_questions" cascade;`);
    this.addSql(`drop table if exists "sub_directions" cascade;`);
    this.addSql(`drop table if exists "locations" cascade;`);
    this.addSql(`drop table if exists "teams" cascade;`);
    this.addSql(`drop table if exists "team_members" cascade;`);
    this.addSql(`drop table if exists "audit_events" cascade;`);

    this.addSql(`drop index "customers_code_trgm";`);
    this.addSql(`drop index "customers_name_trgm";`);

    this.addSql(`drop index "users_team_id_index";`);
    this.addSql(`drop index "users_customer_id_full_name_index";`);
    this.addSql(`drop index "users_full_name_trgm";`);
    this.addSql(`drop index "users_email_trgm";`);
    this.addSql(`alter table "users" drop column "team_id", drop column "avatar";`);
  }

}
