// Teams: inspectors with a floor manager and a team leader. admin manages all of the customer's teams;
// a floormanager manages the teams they belong to (not create); teamleader and qualitycontrol read only
// their own; businessadmin, businessuser, analyst and floormanager read all. Membership also feeds the
// session's teamIds (CASL "team" conditions; users.service's teamIdsOfUser).
// Depends on customers and users (the parent of memberships: members are added and removed through
// users.service); nothing in this context calls this service.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type RawBuilder, sql } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateTeamInput,
  TListTeamsInput,
  TTeam,
  TTeamDetail,
  TTeamMembersInput,
  TUpdateTeamInput,
  TUserRef,
} from '../../../../shared/schemas/teams.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { archiveActions, archivedFilter, refuseArchived } from '../../../lib/archive.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize, authorizeRecord } from '../../../lib/authz.ts';
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
} from '../../../lib/list.ts';
import {
  assertCurrent,
  deleteUnreferenced,
  loadForWrite,
  lockRecord,
  type WriteAction,
  type WriteSpec,
} from '../../../lib/records.ts';
import { plural } from '../../../lib/references.ts';
import {
  assertUnique,
  assertUniqueChange,
  conditionsFilter,
  findInTenant,
  findOwned,
  flushUnique,
  tenantFilter,
  type UniqueRule,
  withTransaction,
} from '../../../lib/scope.ts';
import { customerForNewRecord } from '../customers/customers.service.ts';
import { accountsOf } from '../users/account-sessions.ts';
import { addTeamMembers, removeTeamMembers, requireUsersOfCustomer } from '../users/users.service.ts';
import { Team } from './team.entity.ts';

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

function scope(ctx: AuthedContext): TeamFilter[] {
  return [
    tenantFilter(ctx, 't.customer_id'),
    conditionsFilter(ctx, 'read', 'Team', { id: 't.id', customerId: 't.customer_id' }),
  ];
}

function listFilters(ctx: AuthedContext, input: Omit<TListTeamsInput, 'page' | 'itemsPerPage'>): TeamFilter[] {
  const { memberId } = input;
  return [
    ...scope(ctx),
    equalsFilter('t.customer_id', input.customerId),
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

export const { list: listTeams, iterate: iterateTeams } = listingReads('Team', teamListing, listFilters, 'name');

async function memberIdsOf(em: EntityManager, teamId: number): Promise<number[]> {
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

export async function getTeam(ctx: ServiceContext, id: number): Promise<TTeamDetail> {
  authorize(ctx, 'read', 'Team');
  const team = await listById(ctx.em, teamListing, id, scope(ctx), 'Team');
  return { ...team, members: await membersOf(ctx.em, id) };
}

/* ------------------------------------------------------------------ for other domains */

/** The team belongs to `customerId` (NOT_FOUND otherwise) and is not archived (BAD_REQUEST). */
export async function requireTeamRef(
  em: EntityManager,
  teamId: number,
  customerId: number,
): Promise<{ id: number; name: string }> {
  const team = await findOwned(em, Team, teamId, customerId, 'Team');
  refuseArchived(!!team.archivedAt, `Team "${team.name}"`, 'teamId');
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
  if (!row || row.customer_id !== customerId) throw new AppError('NOT_FOUND', 'User not found');
  const bad = (message: string) => new AppError('BAD_REQUEST', message, { [field]: [message] });
  if (row.role !== 'qualitycontrol') throw bad(`${row.full_name} is not an inspector (quality control)`);
  if (row.status !== 'active') throw bad(`${row.full_name} is not an active user`);
  if (!row.member) throw bad(`${row.full_name} is not a member of this team`);
  return { id: row.id, fullName: row.full_name };
}

/* ------------------------------------------------------------------ mutations */

const uniqueName: UniqueRule<Team> = {
  entity: Team,
  field: 'name',
  message: 'Another team of this customer already has this name',
};

/** Leads must have the right role; everyone must be a user of the customer. */
async function checkPeople(
  em: EntityManager,
  customerId: number,
  people: { floorManagerId: number | null; teamLeaderId: number | null; memberIds: number[] },
): Promise<void> {
  const ids = [people.floorManagerId, people.teamLeaderId, ...people.memberIds].filter((x): x is number => x !== null);
  const refs = await requireUsersOfCustomer(em, ids, customerId);
  if (people.floorManagerId !== null && refs.get(people.floorManagerId)?.role !== 'floormanager') {
    throw new AppError('BAD_REQUEST', 'The floor manager must be a user with the floormanager role', {
      floorManagerId: ['The floor manager must be a user with the floormanager role'],
    });
  }
  if (people.teamLeaderId !== null && refs.get(people.teamLeaderId)?.role !== 'teamleader') {
    throw new AppError('BAD_REQUEST', 'The team leader must be a user with the teamleader role', {
      teamLeaderId: ['The team leader must be a user with the teamleader role'],
    });
  }
}

async function setMembers(
  tx: AuthedContext,
  team: Team,
  memberIds: number[],
): Promise<{ added: number[]; removed: number[] }> {
  const { em } = tx;
  const wanted = new Set(memberIds);
  if (team.floorManager) wanted.add(team.floorManager.id);
  if (team.teamLeader) wanted.add(team.teamLeader.id);
  const current = new Set(await memberIdsOf(em, team.id));
  const added = [...wanted].filter((id) => !current.has(id));
  const removed = [...current].filter((id) => !wanted.has(id));
  // Memberships are the users' (primary team, sessions' team conditions): changed through their service.
  await removeTeamMembers(tx, team.id, removed);
  await addTeamMembers(tx, team.id, added);
  return { added, removed };
}

/** A team the caller can see (NOT_FOUND otherwise) and may `action` (FORBIDDEN otherwise). */
async function loadVisible(tx: AuthedContext, id: number, action: WriteAction): Promise<Team> {
  await listById(tx.em, teamListing, id, scope(tx), 'Team');
  const team = await findInTenant(tx, Team, id, 'Team');
  authorizeRecord(tx, action, 'Team', { id: team.id, customerId: team.customer.id });
  return team;
}

function snapshot(t: Team) {
  return {
    name: t.name,
    description: t.description,
    active: t.active,
    floorManagerId: t.floorManager?.id ?? null,
    teamLeaderId: t.teamLeader?.id ?? null,
  };
}

const records: WriteSpec<Team> = {
  entity: Team,
  subject: 'Team',
  label: 'Team',
  load: loadVisible,
  snapshot,
  name: (t) => `Team "${t.name}"`,
  unique: uniqueName,
  referencedBy: { team_members: plural('member') },
};

export async function createTeam(ctx: ServiceContext, input: TCreateTeamInput): Promise<TTeamDetail> {
  authorize(ctx, 'create', 'Team');
  const id = await withTransaction(ctx, async (tx) => {
    // A new team has no id yet, so a rule limited to the caller's own teams (floormanager) refuses.
    const customerId = await customerForNewRecord(tx, input.customerId, 'Team');
    await assertUnique(tx.em, uniqueName, { customer: customerId, name: input.name });
    await checkPeople(tx.em, customerId, input);
    const team = tx.em.create(Team, {
      customer: customerId,
      name: input.name,
      description: input.description,
      floorManager: input.floorManagerId,
      teamLeader: input.teamLeaderId,
      active: input.active,
      archivedAt: null,
    });
    await flushUnique(tx.em, uniqueName);
    const { added } = await setMembers(tx, team, input.memberIds);
    recordAudit(tx, {
      action: 'create',
      entityType: 'Team',
      entityId: team.id,
      customerId,
      changes: { ...snapshot(team), memberIds: added },
    });
    return team.id;
  });
  return getTeam(ctx, id);
}

export async function updateTeam(ctx: ServiceContext, input: TUpdateTeamInput): Promise<TTeamDetail> {
  authorize(ctx, 'update', 'Team');
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, Team, input.id);
    const team = await loadForWrite(tx, records, input.id, 'update');
    assertCurrent(team, input.version, 'Team');
    const customerId = team.customer.id;
    const before = snapshot(team);
    await assertUniqueChange(tx.em, uniqueName, team, input.name, { customer: customerId });
    const floorManagerId = input.floorManagerId !== undefined ? input.floorManagerId : (team.floorManager?.id ?? null);
    const teamLeaderId = input.teamLeaderId !== undefined ? input.teamLeaderId : (team.teamLeader?.id ?? null);
    const memberIds = input.memberIds ?? (await memberIdsOf(tx.em, team.id));
    await checkPeople(tx.em, customerId, { floorManagerId, teamLeaderId, memberIds });
    tx.em.assign(team, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      floorManager: floorManagerId,
      teamLeader: teamLeaderId,
    });
    await flushUnique(tx.em, uniqueName);
    const previousLeads = [before.floorManagerId, before.teamLeaderId].filter((x): x is number => x !== null);
    const { added, removed } = await setMembers(tx, team, memberIds);
    // A new member list is a change of the team (its version moves; flushed at commit).
    if (added.length || removed.length) team.updatedAt = new Date();
    for (const id of previousLeads) accountsOf(ctx).forget(id);
    recordUpdate(tx, { entityType: 'Team', entityId: team.id, customerId }, before, snapshot(team), {
      ...(added.length ? { membersAdded: added } : {}),
      ...(removed.length ? { membersRemoved: removed } : {}),
    });
  });
  return getTeam(ctx, input.id);
}

/**
 * Add users to the team (users of its customer); those already members are left as they are. An
 * insert that ignores existing rows, so concurrent additions all land. The team's version stays.
 */
export async function addMembers(ctx: ServiceContext, input: TTeamMembersInput): Promise<TTeamDetail> {
  authorize(ctx, 'update', 'Team');
  await withTransaction(ctx, async (tx) => {
    const team = await loadForWrite(tx, records, input.id, 'update');
    const userIds = [...new Set(input.userIds)];
    await checkPeople(tx.em, team.customer.id, { floorManagerId: null, teamLeaderId: null, memberIds: userIds });
    const current = new Set(await memberIdsOf(tx.em, team.id));
    const added = userIds.filter((id) => !current.has(id));
    await addTeamMembers(tx, team.id, userIds);
    if (added.length)
      recordAudit(tx, {
        action: 'update',
        entityType: 'Team',
        entityId: team.id,
        customerId: team.customer.id,
        changes: { membersAdded: added },
      });
  });
  return getTeam(ctx, input.id);
}

/** Remove users from the team; non-members are ignored. The team's leads stay members (BAD_REQUEST). */
export async function removeMembers(ctx: ServiceContext, input: TTeamMembersInput): Promise<TTeamDetail> {
  authorize(ctx, 'update', 'Team');
  await withTransaction(ctx, async (tx) => {
    const team = await loadForWrite(tx, records, input.id, 'update');
    const userIds = [...new Set(input.userIds)];
    if (userIds.some((id) => id === team.floorManager?.id || id === team.teamLeader?.id)) {
      const message = "A team's floor manager and team leader stay members; choose another lead first";
      throw new AppError('BAD_REQUEST', message, { userIds: [message] });
    }
    const current = new Set(await memberIdsOf(tx.em, team.id));
    const removed = userIds.filter((id) => current.has(id));
    await removeTeamMembers(tx, team.id, removed);
    if (removed.length)
      recordAudit(tx, {
        action: 'update',
        entityType: 'Team',
        entityId: team.id,
        customerId: team.customer.id,
        changes: { membersRemoved: removed },
      });
  });
  return getTeam(ctx, input.id);
}

export const { archive: archiveTeam, restore: restoreTeam } = archiveActions(records, getTeam);

/** Refused (CONFLICT) while the team has members or anything else points at it (ON DELETE RESTRICT). */
export function deleteTeam(ctx: ServiceContext, id: number): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, id, 'Remove its members first, or archive it.');
}
