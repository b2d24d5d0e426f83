import { Migration } from '@mikro-orm/migrations';

/**
 * Reviewing a task (issue 12): a rejection's per-question comments are kept on its review, and every
 * submission keeps a snapshot of its answers (task_rounds), so a resubmission can show what changed
 * since the round before. Existing reviews get no question comments.
 */
export class Migration20261127170000_task_review_rounds extends Migration {

  override name = 'Migration20261127170000_task_review_rounds';

  override up(): void | Promise<void> {
    this.addSql(`alter table "task_reviews" add column "question_comments" jsonb not null default '[]';`);
    this.addSql(`alter table "task_reviews" alter column "question_comments" drop default;`);

    this.addSql(`create table "task_rounds" ("id" serial primary key, "created_at" timestamptz not null, "updated_at" timestamptz not null, "task_id" int not null, "round" int not null, "answers" jsonb not null, "score" numeric(4,1) null, "passed" boolean null);`);
    this.addSql(`alter table "task_rounds" add constraint "task_rounds_task_round_unique" unique ("task_id", "round");`);
    this.addSql(`alter table "task_rounds" add constraint "task_rounds_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "task_rounds" cascade;`);
    this.addSql(`alter table "task_reviews" drop column "question_comments";`);
  }

}
