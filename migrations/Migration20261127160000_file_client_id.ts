import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotent uploads (issue 12, the perform page's offline outbox): an upload may carry the client's
 * own id for it; the same uploader sending the same client id again gets the file already stored.
 */
export class Migration20261127160000_file_client_id extends Migration {

  override name = 'Migration20261127160000_file_client_id';

  override up(): void | Promise<void> {
    this.addSql(`alter table "files" add column "client_id" varchar(100) null;`);
    this.addSql(`create unique index "files_owner_client_id_unique" on "files" ("owner_id", "client_id") where "client_id" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "files_owner_client_id_unique";`);
    this.addSql(`alter table "files" drop column if exists "client_id";`);
  }

}
