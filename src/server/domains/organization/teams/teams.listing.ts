// Teams as lists and pages read them: the listing (leads and member count in the page's own SQL), what
// the caller may read as SQL, list / byId (with the members) / CSV iteration.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { TListTeamsInput, TTeam, TTeamDetail, TUserRef } from '../../../../shared/schemas/teams.ts';
import { db } from '../../../db/kysely.ts';
import { archivedFilter } from '../../../lib/archive.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  type ListingFilter,
  listById,
  listingReads,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list/index.ts';
import { conditionsFilter, tenantFilter } from '../../../lib/scope.ts';

export const teamListing = defineListing({
  source: (db) =>
    listSource(db.selectFrom('teams as t'), {
      id: 't.id',
      select: (qb) =>
        qb.select((eb) => [
          't.id',
          't.version',
          't.customer_id',
          't.name',
          't.description',
          't.active',
          't.archived_at',
          // Same context: the leads and the member count come from the users and team_members
          // tables in the page's own SQL (evaluated for the page's rows only).
          jsonObjectFrom(
            eb
              .selectFrom('users as fm')
              .select(['fm.id', 'fm.full_name as fullName', 'fm.email', 'fm.role', 'fm.status'])
              .whereRef('fm.id', '=', 't.floor_manager_id'),
          ).as('floor_manager'),
          jsonObjectFrom(
            eb
              .selectFrom('users as tl')
              .select(['tl.id', 'tl.full_name as fullName', 'tl.email', 'tl.role', 'tl.status'])
              .whereRef('tl.id', '=', 't.team_leader_id'),
          ).as('team_leader'),
          eb
            .selectFrom('team_members as m')
            .whereRef('m.team_id', '=', 't.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('member_count'),
          't.created_at',
          't.updated_at',
        ]),
      search: ['t.name'],
      sorts: { name: 't.name', createdAt: 't.created_at', updatedAt: 't.updated_at' },
    }),
  map: (r): TTeam => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    name: r.name,
    description: r.description,
    active: r.active,
    archivedAt: toDateOrNull(r.archived_at),
    floorManager: r.floor_manager,
    teamLeader: r.team_leader,
    memberCount: r.member_count ?? 0,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

type TeamFilter = ListingFilter<typeof teamListing>;

/** The teams the caller may read, as SQL (tenant and ability conditions). */
export function teamScope(ctx: AuthedContext): TeamFilter[] {
  return [
    tenantFilter(ctx, 't.customer_id'),
    conditionsFilter(ctx, 'read', 'Team', { id: 't.id', customerId: 't.customer_id' }),
  ];
}

function listFilters(ctx: AuthedContext, input: Omit<TListTeamsInput, 'page' | 'itemsPerPage'>): TeamFilter[] {
  const { memberId } = input;
  return [
    ...teamScope(ctx),
    equalsFilter('t.customer_id', input.customerId),
    input.updatedSince !== undefined && ((eb) => eb('t.updated_at', '>=', input.updatedSince as Date)),
    equalsFilter('t.active', input.active),
    archivedFilter('t.archived_at', input.archived),
    memberId !== undefined &&
      ((eb) =>
        eb.exists(
          eb
            .selectFrom('team_members as m')
            .select('m.user_id')
            .whereRef('m.team_id', '=', 't.id')
            .where('m.user_id', '=', memberId),
        )),
  ];
}

/** One page of the teams the caller may read; `iterateTeams`: every match in batches (CSV). Throw FORBIDDEN. */
export const { list: listTeams, iterate: iterateTeams } = listingReads('Team', teamListing, listFilters, 'name');

/** Ids of the team's members. */
export async function memberIdsOf(em: EntityManager, teamId: number): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('team_members as m')
    .select('m.user_id')
    .where('m.team_id', '=', teamId)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The team's members, by name. */
async function membersOf(em: EntityManager, teamId: number): Promise<TUserRef[]> {
  const members = await db(em)
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.full_name', 'u.email', 'u.role', 'u.status'])
    .where('m.team_id', '=', teamId)
    .execute();
  return members
    .map((u) => ({ id: u.id, fullName: u.full_name, email: u.email, role: u.role, status: u.status }))
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
}

/** A team the caller may read, with its members. Throws FORBIDDEN, NOT_FOUND. */
export async function getTeam(ctx: ServiceContext, input: { id: number }): Promise<TTeamDetail> {
  authorize(ctx, 'read', 'Team');
  const team = await listById(ctx.em, teamListing, input.id, teamScope(ctx), 'Team');
  return { ...team, members: await membersOf(ctx.em, input.id) };
}
