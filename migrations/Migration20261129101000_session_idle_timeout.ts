import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions end when unused for longer than their idle timeout, set when each opens (SESSION_IDLE_MINUTES,
 * or a week with "remember me"). Sessions open now keep none and end at their absolute lifetime.
 */
export class Migration20261129101000_session_idle_timeout extends Migration {

  override name = 'Migration20261129101000_session_idle_timeout';

  override up(): void | Promise<void> {
    this.addSql(`alter table "sessions" add "idle_minutes" int null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop column "idle_minutes";`);
  }

}
