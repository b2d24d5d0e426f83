import { Migration } from '@mikro-orm/migrations';

/**
 * Academy (issue 16): a lecture's completion is ticked from the course page, so each topic carries the
 * optimistic-lock version its writes check (two tabs cannot silently overwrite each other's tick).
 */
export class Migration20261128120000_academy_topic_versions extends Migration {

  override name = 'Migration20261128120000_academy_topic_versions';

  override up(): void | Promise<void> {
    this.addSql(`alter table "academy_course_topics" add column "version" int not null default 1;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "academy_course_topics" drop column "version";`);
  }

}
