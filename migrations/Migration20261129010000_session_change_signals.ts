import { Migration } from '@mikro-orm/migrations';

/**
 * Every change that can end or alter a live session sends a NOTIFY on `opsdesk_session_changes`
 * (`u:<user id>` or `c:<customer id>`), when its transaction commits. Each app process keeps the sessions
 * it resolved for a minute and drops the ones named here: a logout, revoke, deactivation, new role, team,
 * second factor or suspended customer on any process counts on every process without a session read per
 * request.
 * Triggers, not calls in the services, so that no write path (a service, an import, a script, SQL by
 * hand) can forget one. Identical payloads in one transaction reach listeners once.
 */
export class Migration20261129010000_session_change_signals extends Migration {

  override name = 'Migration20261129010000_session_change_signals';

  override up(): void | Promise<void> {
    this.addSql(`create function "opsdesk_session_change"() returns trigger language plpgsql as $$
declare
  old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  kind text := tg_argv[0];
  col text;
  id text;
begin
  foreach col in array tg_argv[1:] loop
    foreach id in array array[old_row ->> col, new_row ->> col] loop
      if id is not null then
        perform pg_notify('opsdesk_session_changes', kind || ':' || id);
      end if;
    end loop;
  end loop;
  return null;
end $$;`);
    // Sessions: any change but the minute-by-minute "last seen".
    this.addSql(`create trigger "sessions_changed" after update on "sessions" for each row
      when ((to_jsonb(old) - 'last_seen_at' - 'updated_at') is distinct from (to_jsonb(new) - 'last_seen_at' - 'updated_at'))
      execute function "opsdesk_session_change"('u', 'user_id');`);
    this.addSql(`create trigger "sessions_deleted" after delete on "sessions" for each row
      execute function "opsdesk_session_change"('u', 'user_id');`);
    // Users: status, role, language, name, customer… (not the last sign-in time).
    this.addSql(`create trigger "users_changed_sessions" after update on "users" for each row
      when ((to_jsonb(old) - 'last_login_at' - 'updated_at') is distinct from (to_jsonb(new) - 'last_login_at' - 'updated_at'))
      execute function "opsdesk_session_change"('u', 'id');`);
    this.addSql(`create trigger "users_deleted_sessions" after delete on "users" for each row
      execute function "opsdesk_session_change"('u', 'id');`);
    // Customers: suspended, renamed code.
    this.addSql(`create trigger "customers_changed_sessions" after update or delete on "customers" for each row
      execute function "opsdesk_session_change"('c', 'id');`);
    // The teams a session's user belongs to or leads.
    this.addSql(`create trigger "team_members_changed_sessions" after insert or update or delete on "team_members" for each row
      execute function "opsdesk_session_change"('u', 'user_id');`);
    this.addSql(`create trigger "teams_changed_sessions" after insert or update of "floor_manager_id", "team_leader_id" or delete on "teams" for each row
      execute function "opsdesk_session_change"('u', 'floor_manager_id', 'team_leader_id');`);
    // A second factor set up or removed (the customer's two-factor policy gates sessions without one).
    this.addSql(`create trigger "user_totp_changed_sessions" after insert or update or delete on "user_totp" for each row
      execute function "opsdesk_session_change"('u', 'user_id');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "user_totp_changed_sessions" on "user_totp";`);
    this.addSql(`drop trigger if exists "teams_changed_sessions" on "teams";`);
    this.addSql(`drop trigger if exists "team_members_changed_sessions" on "team_members";`);
    this.addSql(`drop trigger if exists "customers_changed_sessions" on "customers";`);
    this.addSql(`drop trigger if exists "users_deleted_sessions" on "users";`);
    this.addSql(`drop trigger if exists "users_changed_sessions" on "users";`);
    this.addSql(`drop trigger if exists "sessions_deleted" on "sessions";`);
    this.addSql(`drop trigger if exists "sessions_changed" on "sessions";`);
    this.addSql(`drop function if exists "opsdesk_session_change"();`);
  }

}
