import { Migration } from '@mikro-orm/migrations';

/**
 * The users and permissions demo apps speak the product's roles (those of `users.role`), not a vocabulary
 * of their own: the sample people's Superadmin, Maintainer, Editor, Author and Subscriber become
 * Administrator, Business admin, Team leader, Quality control inspector and Analyst; the permissions'
 * Administrator, Manager, Users, Support and Restricted user become Administrator, Business admin,
 * Business user, Team leader and Client. Changed rows get a new version, so a form opened before is told.
 */
export class Migration20261129150000_demo_apps_product_roles extends Migration {

  override name = 'Migration20261129150000_demo_apps_product_roles';

  override up(): void | Promise<void> {
    this.addSql(`alter table "demo_users" drop constraint "demo_users_role_check";`);
    this.addSql(`update "demo_users" set "version" = "version" + 1, "role" = case "role" when 'superadmin' then 'admin' when 'maintainer' then 'businessadmin' when 'editor' then 'teamleader' when 'author' then 'qualitycontrol' when 'subscriber' then 'analyst' end where "role" in ('superadmin', 'maintainer', 'editor', 'author', 'subscriber');`);
    this.addSql(`alter table "demo_users" add constraint "demo_users_role_check" check ("role" in ('superadmin', 'admin', 'floormanager', 'teamleader', 'businessadmin', 'businessuser', 'qualitycontrol', 'analyst', 'client'));`);
    this.addSql(`update "demo_permissions" set "version" = "version" + 1, "assigned_to" = array(select case r when 'administrator' then 'admin' when 'manager' then 'businessadmin' when 'users' then 'businessuser' when 'support' then 'teamleader' when 'restricted-user' then 'client' else r end from unnest("assigned_to") with ordinality as a(r, i) order by i) where "assigned_to" && array['administrator', 'manager', 'users', 'support', 'restricted-user']::text[];`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "demo_users" drop constraint "demo_users_role_check";`);
    this.addSql(`update "demo_users" set "version" = "version" + 1, "role" = case "role" when 'admin' then 'superadmin' when 'businessadmin' then 'maintainer' when 'floormanager' then 'maintainer' when 'teamleader' then 'editor' when 'qualitycontrol' then 'author' when 'superadmin' then 'superadmin' else 'subscriber' end;`);
    this.addSql(`alter table "demo_users" add constraint "demo_users_role_check" check ("role" in ('editor', 'author', 'maintainer', 'subscriber', 'superadmin'));`);
    this.addSql(`update "demo_permissions" set "version" = "version" + 1, "assigned_to" = array(select distinct case r when 'admin' then 'administrator' when 'superadmin' then 'administrator' when 'businessadmin' then 'manager' when 'floormanager' then 'manager' when 'businessuser' then 'users' when 'qualitycontrol' then 'users' when 'teamleader' then 'support' else 'restricted-user' end from unnest("assigned_to") as r);`);
  }

}
