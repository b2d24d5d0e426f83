import { Migration } from '@mikro-orm/migrations';

// The academy courses and the content pages per customer too: each customer (and the platform, for the
// superadmin) reads its own copy of the course catalogue (courses, sections, topics) and of the pages'
// content (sales rows, FAQ groups and questions, help categories and articles, page content), made on
// first use (src/server/domains/apps/provision). The samples stay owner-less.
const TABLES = [
  'academy_courses',
  'academy_course_sections',
  'academy_course_topics',
  'sales_rows',
  'faq_groups',
  'faq_questions',
  'help_categories',
  'help_articles',
  'page_contents',
];

// Keys unique per copy: [table, old constraint column, new constraint columns].
const UNIQUES: [string, string, string[]][] = [
  ['faq_groups', 'position', ['tenant_id', 'position']],
  ['help_categories', 'slug', ['tenant_id', 'slug']],
  ['help_articles', 'slug', ['tenant_id', 'slug']],
  ['page_contents', 'key', ['tenant_id', 'key']],
];

// The list and sort indexes, led by the owner: [table, columns].
const INDEXES: [string, string[]][] = [
  ['academy_courses', ['tenant_id', 'tag']],
  ['academy_courses', ['tenant_id', 'id']],
  ['sales_rows', ['tenant_id', 'sold_on', 'id']],
  ['help_categories', ['tenant_id', 'position']],
  ['help_articles', ['tenant_id', 'popular_rank']],
  // Child rows: reached through their parent; this one serves the copy and the owner's cascade.
  ['academy_course_sections', ['tenant_id', 'id']],
  ['academy_course_topics', ['tenant_id', 'id']],
  ['faq_questions', ['tenant_id', 'id']],
];

const cols = (columns: string[]): string => columns.map((c) => `"${c}"`).join(', ');

export class Migration20261125092000_demo_content_tenants extends Migration {

  override name = 'Migration20261125092000_demo_content_tenants';

  override up(): void | Promise<void> {
    for (const table of TABLES) {
      this.addSql(`alter table "${table}" add column "tenant_id" int null;`);
      this.addSql(`alter table "${table}" add constraint "${table}_tenant_id_foreign" foreign key ("tenant_id") references "demo_tenants" ("id") on delete cascade;`);
    }
    for (const [table, old, columns] of UNIQUES) {
      this.addSql(`alter table "${table}" drop constraint "${table}_${old}_unique";`);
      this.addSql(`alter table "${table}" add constraint "${table}_${columns.join('_')}_unique" unique (${cols(columns)});`);
    }
    this.addSql(`drop index "academy_courses_tag_index";`);
    for (const [table, columns] of INDEXES) {
      this.addSql(`create index "${table}_${columns.join('_')}_index" on "${table}" (${cols(columns)});`);
    }
  }

  override down(): void | Promise<void> {
    // The copies go; the samples stay.
    for (const table of TABLES) this.addSql(`delete from "${table}" where "tenant_id" is not null;`);
    for (const [table, columns] of INDEXES) this.addSql(`drop index "${table}_${columns.join('_')}_index";`);
    this.addSql(`create index "academy_courses_tag_index" on "academy_courses" ("tag");`);
    for (const [table, old, columns] of UNIQUES) {
      this.addSql(`alter table "${table}" drop constraint "${table}_${columns.join('_')}_unique";`);
      this.addSql(`alter table "${table}" add constraint "${table}_${old}_unique" unique ("${old}");`);
    }
    for (const table of TABLES) {
      this.addSql(`alter table "${table}" drop constraint "${table}_tenant_id_foreign";`);
      this.addSql(`alter table "${table}" drop column "tenant_id";`);
    }
    this.addSql(`update "demo_tenants" set "apps" = array_remove(array_remove("apps", 'academy'), 'content');`);
  }

}
