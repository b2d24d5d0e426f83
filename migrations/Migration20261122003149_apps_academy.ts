import { Migration } from '@mikro-orm/migrations';

export class Migration20261122003149_apps_academy extends Migration {

  override name = 'Migration20261122003149_apps_academy';

  override up(): void | Promise<void> {
    this.addSql(`create table "academy_courses" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "course_title" varchar(200) not null, "tutor_name" varchar(120) not null, "tutor_img" text not null, "image" text not null, "completed_tasks" int not null, "total_tasks" int not null, "user_count" int not null, "note" int not null, "view" int not null, "time" varchar(40) not null, "logo" varchar(60) not null, "color" varchar(20) not null, "summary" text not null, "tag" text not null, "rating" double precision not null, "rating_count" int not null, "about" text not null, "instructor_position" varchar(120) not null, "skill_level" varchar(40) not null, "language" varchar(40) not null, "is_captions" boolean not null, "description" text[] not null);`);
    this.addSql(`create index "academy_courses_tag_index" on "academy_courses" ("tag");`);

    this.addSql(`create table "academy_course_sections" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "course_id" int not null, "slug" varchar(80) not null, "title" varchar(200) not null, "position" int not null);`);
    this.addSql(`alter table "academy_course_sections" add constraint "academy_course_sections_course_id_position_unique" unique ("course_id", "position");`);

    this.addSql(`create table "academy_course_topics" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "section_id" int not null, "title" varchar(200) not null, "seconds" int not null, "is_completed" boolean not null, "position" int not null);`);
    this.addSql(`alter table "academy_course_topics" add constraint "academy_course_topics_section_id_position_unique" unique ("section_id", "position");`);

    this.addSql(`create table "demo_provisions" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" int not null, "app" text not null);`);
    this.addSql(`alter table "demo_provisions" add constraint "demo_provisions_user_id_app_unique" unique ("user_id", "app");`);

    this.addSql(`alter table "academy_courses" add constraint "academy_courses_tag_check" check ("tag" in ('Web', 'Design', 'Psychology', 'UI/UX', 'Art'));`);

    this.addSql(`alter table "academy_course_sections" add constraint "academy_course_sections_course_id_foreign" foreign key ("course_id") references "academy_courses" ("id") on delete cascade;`);

    this.addSql(`alter table "academy_course_topics" add constraint "academy_course_topics_section_id_foreign" foreign key ("section_id") references "academy_course_sections" ("id") on delete cascade;`);

    this.addSql(`alter table "demo_provisions" add constraint "demo_provisions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "demo_provisions" add constraint "demo_provisions_app_check" check ("app" in ('calendar', 'chat', 'email'));`);

    // Hand-written: the tasks check (as PostgreSQL prints it back) and the trigram indexes behind the search.
    this.addSql(`alter table "academy_courses" add constraint "academy_courses_tasks_check" check ((total_tasks > 0) AND (completed_tasks >= 0) AND (completed_tasks <= total_tasks));`);
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "academy_courses_course_title_trgm" on "academy_courses" using gin ("course_title" gin_trgm_ops);`);
    this.addSql(`create index "academy_courses_tutor_name_trgm" on "academy_courses" using gin ("tutor_name" gin_trgm_ops);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "academy_course_topics" cascade;`);
    this.addSql(`drop table if exists "academy_course_sections" cascade;`);
    this.addSql(`drop table if exists "academy_courses" cascade;`);
    this.addSql(`drop table if exists "demo_provisions" cascade;`);
  }

}
