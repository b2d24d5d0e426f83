import { Migration } from '@mikro-orm/migrations';

// A team with members is not deleted: the database refuses it (restrict), and the refusal names the
// members. Deleting a user still ends their memberships (team_members.user_id stays cascade).
export class Migration20261124104100_team_members_restrict extends Migration {
  override name = 'Migration20261124104100_team_members_restrict';

  override up(): void | Promise<void> {
    this.addSql(`alter table "team_members" drop constraint "team_members_team_id_foreign";`);

    this.addSql(`alter table "team_members" add constraint "team_members_team_id_foreign" foreign key ("team_id") references "teams" ("id") on update cascade on delete restrict;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "team_members" drop constraint "team_members_team_id_foreign";`);

    this.addSql(`alter table "team_members" add constraint "team_members_team_id_foreign" foreign key ("team_id") references "teams" ("id") on update cascade on delete cascade;`);
  }

}
