import { Migration } from '@mikro-orm/migrations';

export class Migration20261122004157_apps_pages extends Migration {

  override name = 'Migration20261122004157_apps_pages';

  override up(): void | Promise<void> {
    this.addSql(`create table "faq_groups" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "title" varchar(120) not null, "icon" varchar(60) not null, "subtitle" varchar(200) not null, "position" int not null);`);
    this.addSql(`alter table "faq_groups" add constraint "faq_groups_position_unique" unique ("position");`);
    this.addSql(`create table "faq_questions" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "group_id" int not null, "question" varchar(300) not null, "answer" text not null, "position" int not null);`);
    this.addSql(`alter table "faq_questions" add constraint "faq_questions_group_id_position_unique" unique ("group_id", "position");`);
    this.addSql(`create table "help_categories" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "slug" varchar(120) not null, "title" varchar(120) not null, "icon" varchar(60) not null, "position" int not null);`);
    this.addSql(`alter table "help_categories" add constraint "help_categories_slug_unique" unique ("slug");`);
    this.addSql(`create table "help_articles" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "category_id" int not null, "slug" varchar(120) not null, "title" varchar(200) not null, "subtitle" varchar(300) not null, "icon" varchar(60) not null, "popular_rank" int null, "position" int not null, "content" text not null);`);
    this.addSql(`alter table "help_articles" add constraint "help_articles_slug_unique" unique ("slug");`);
    this.addSql(`alter table "help_articles" add constraint "help_articles_category_id_position_unique" unique ("category_id", "position");`);
    this.addSql(`create table "page_contents" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "key" varchar(80) not null, "data" jsonb not null);`);
    this.addSql(`alter table "page_contents" add constraint "page_contents_key_unique" unique ("key");`);
    this.addSql(`create table "sales_rows" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "product_id" int not null, "product_name" varchar(200) not null, "slug" varchar(200) not null, "brand" varchar(120) not null, "category" varchar(120) not null, "price" numeric(10,2) not null, "image" text not null, "has_free_shipping" boolean not null, "rating" smallint not null, "description" text not null, "sold_on" date not null, "buyer_name" varchar(120) not null, "buyer_avatar" text not null, "payment_total" numeric(10,2) not null, "received_payment_status" text not null, "paid_amount" numeric(10,2) not null, "payment_status" text not null);`);
    this.addSql(`alter table "faq_questions" add constraint "faq_questions_group_id_foreign" foreign key ("group_id") references "faq_groups" ("id") on delete cascade;`);
    this.addSql(`alter table "help_articles" add constraint "help_articles_category_id_foreign" foreign key ("category_id") references "help_categories" ("id") on delete cascade;`);
    this.addSql(`alter table "sales_rows" add constraint "sales_rows_rating_check" check (((rating >= 1) AND (rating <= 5)));`);
    this.addSql(`alter table "sales_rows" add constraint "sales_rows_received_payment_status_check" check ("received_payment_status" in ('Fully Paid', 'Partially Paid', 'Unpaid'));`);
    this.addSql(`alter table "sales_rows" add constraint "sales_rows_payment_status_check" check ("payment_status" in ('Completed', 'Confirmed', 'Cancelled'));`);

    // Hand-written: the trigram index behind the FAQ question search.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "faq_questions_question_trgm" on "faq_questions" using gin ("question" gin_trgm_ops);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "faq_questions" cascade;`);
    this.addSql(`drop table if exists "faq_groups" cascade;`);
    this.addSql(`drop table if exists "help_articles" cascade;`);
    this.addSql(`drop table if exists "help_categories" cascade;`);
    this.addSql(`drop table if exists "page_contents" cascade;`);
    this.addSql(`drop table if exists "sales_rows" cascade;`);
  }

}
