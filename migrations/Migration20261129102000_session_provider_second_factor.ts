import { Migration } from '@mikro-orm/migrations';

/**
 * A session opened through single sign-on whose provider checked a second factor (the ID token's `amr`)
 * satisfies the customer's second-factor policy: the session remembers it.
 */
export class Migration20261129102000_session_provider_second_factor extends Migration {

  override name = 'Migration20261129102000_session_provider_second_factor';

  override up(): void | Promise<void> {
    this.addSql(`alter table "sessions" add "provider_second_factor" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop column "provider_second_factor";`);
  }

}
