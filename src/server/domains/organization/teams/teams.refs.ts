// What other domains look up of teams: names, leads, ownership, whether a user may inspect for one.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type RawBuilder, sql } from 'kysely';
import type { ErrorKey } from '../../../../shared/errors/messages.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { refuseArchived } from '../../../lib/archive.ts';
import { findOwned } from '../../../lib/scope.ts';
import { Team } from './team.entity.ts';

/** The team belongs to `customerId` (NOT_FOUND otherwise) and is not archived (BAD_REQUEST). */
export async function requireTeamRef(
  em: EntityManager,
  teamId: number,
  customerId: number,
): Promise<{ id: number; name: string }> {
  const team = await findOwned(em, Team, teamId, customerId, 'Team');
  refuseArchived(!!team.archivedAt, { record: 'Team', name: team.name }, 'teamId');
  return { id: team.id, name: team.name };
}

/** For workflow (tasks, assignments): teams by id with their leader and floor manager (any customer: callers scope). */
export async function teamRefs(
  em: EntityManager,
  ids: number[],
): Promise<Map<number, { id: number; name: string; teamLeaderId: number | null; floorManagerId: number | null }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db(em)
    .selectFrom('teams')
    .select(['id', 'name', 'team_leader_id', 'floor_manager_id'])
    .where('id', 'in', unique)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.name, teamLeaderId: r.team_leader_id, floorManagerId: r.floor_manager_id },
    ]),
  );
}

/** For reports: which of `ids` are teams of `customerId`, archived or not. */
export async function teamIdsOfCustomer(em: EntityManager, ids: number[], customerId: number): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const rows = await db(em)
    .selectFrom('teams')
    .select('id')
    .where('id', 'in', unique)
    .where('customer_id', '=', customerId)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** A team's name as an SQL expression of a team id column, for other contexts' list sorts. */
export function teamNameSql(teamIdColumn: string): RawBuilder<string> {
  return sql<string>`(select t.name from teams t where t.id = ${sql.ref(teamIdColumn)})`;
}

/**
 * For assignments: `userId` may inspect for `teamId`, i.e. is an active `qualitycontrol` user of the
 * customer and a member of the team. NOT_FOUND for a user of another customer; BAD_REQUEST on `field` otherwise.
 */
export async function requireTeamInspector(
  em: EntityManager,
  teamId: number,
  userId: number,
  customerId: number,
  field = 'assigneeId',
): Promise<{ id: number; fullName: string }> {
  const row = await db(em)
    .selectFrom('users as u')
    .select(['u.id', 'u.full_name', 'u.role', 'u.status', 'u.customer_id'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('team_members as m')
            .select('m.user_id')
            .where('m.team_id', '=', teamId)
            .whereRef('m.user_id', '=', 'u.id'),
        )
        .as('member'),
    )
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row || row.customer_id !== customerId) throw notFound('User');
  const bad = (key: ErrorKey) => new AppError('BAD_REQUEST', key, { name: row.full_name }, { [field]: key });
  if (row.role !== 'qualitycontrol') throw bad('teams.notInspector');
  if (row.status !== 'active') throw bad('teams.inactiveUser');
  if (!row.member) throw bad('teams.notMember');
  return { id: row.id, fullName: row.full_name };
}
