import { Migration } from '@mikro-orm/migrations';

// The customers list and the record search match `q` against code, name, city and e-mail with
// ILIKE '%q%' on any of them: a trigram index on every one, so the OR is answered by a bitmap OR of
// indexes instead of a scan (code and name have theirs since business_structure).
export class Migration20261125093100_customer_search_trgm extends Migration {

  override name = 'Migration20261125093100_customer_search_trgm';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "customers_city_trgm" on "customers" using gin ("city" gin_trgm_ops);`);
    this.addSql(`create index "customers_email_trgm" on "customers" using gin ("email" gin_trgm_ops);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "customers_email_trgm";`);
    this.addSql(`drop index if exists "customers_city_trgm";`);
  }

}
