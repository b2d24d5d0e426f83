// Teams: inspectors with a floor manager and a team leader. admin manages all of the customer's teams;
// a floormanager manages the teams they belong to (not create); teamleader and qualitycontrol read only
// their own; businessadmin, businessuser, analyst and floormanager read all. Membership also feeds the
// session's teamIds (CASL "team" conditions).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type { TCreateTeamInput, TListTeamsInput, TTeam, TTeamDetail, TUpdateTeamInput, TUserRef } from '../../../../shared/schemas/teams.ts';
import { AppError } from '../../../lib/app-error.ts';
import { archiveActions, archivedSql, refuseArchived } from '../../../lib/archive.ts';
import { authorize, authorizeRecord } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { defineListing, iterateListing, listById, listPage, rowDate, rowDateOrNull } from '../../../lib/listing.ts';
import { deleteUnreferenced, loadForWrite, type WriteAction, type WriteSpec } from '../../../lib/records.ts';
import { plural, registerCustomerRecords, registerReferenceCounter } from '../../../lib/references.ts';
import { assertUnique, assertUniqueChange, columnMatches, conditionsSql, findInTenant, findOwned, flushUnique, tenantSql, withTransaction, type UniqueRule } from '../../../lib/scope.ts';
import { equalsFilter, execSql, raw, sql, tableOf, type Sql } from '../../../lib/sql-list.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { clearSessionCache, setTeamIdsResolver } from '../../platform/auth/auth.service.ts';
import { customerForNewRecord } from '../customers/customers.service.ts';
import { assignPrimaryTeamIfNone, reassignPrimaryTeam, requireUsersOfCustomer, userRefs, type UserRef } from '../users/users.service.ts';
import { Team, TeamMember } from './team.entity.ts';

function toUserRef(ref: UserRef): TUserRef {
  return { id: ref.id, fullName: ref.fullName, email: ref.email, role: ref.role, status: ref.status };
}

type TeamRow = TTeam & { floorManagerId: number | null; teamLeaderId: number | null };

export const teamListing = defineListing({
  source: (em: EntityManager) => {
    const t = tableOf(em, Team, 't');
    const tm = tableOf(em, TeamMember, 'tm');
    return {
      from: t.from,
      id: t.col('id'),
      select: {
        id: t.col('id'),
        customerId: t.col('customer'),
        name: t.col('name'),
        description: t.col('description'),
        active: t.col('active'),
        archivedAt: t.col('archivedAt'),
        floorManagerId: t.col('floorManager'),
        teamLeaderId: t.col('teamLeader'),
        memberCount: sql`(select count(*)::int from ${tm.from} where ${tm.col('team')} = ${t.col('id')})`,
        createdAt: t.col('createdAt'),
        updatedAt: t.col('updatedAt'),
      },
      search: [t.col('name')],
      sorts: { name: t.col('name'), createdAt: t.col('createdAt'), updatedAt: t.col('updatedAt') },
    };
  },
  map: (r): TeamRow => ({
    id: r.id as number,
    customerId: r.customerId as number,
    name: r.name as string,
    description: r.description as string | null,
    active: r.active as boolean,
    archivedAt: rowDateOrNull(r.archivedAt),
    floorManagerId: r.floorManagerId as number | null,
    teamLeaderId: r.teamLeaderId as number | null,
    floorManager: null,
    teamLeader: null,
    memberCount: r.memberCount as number,
    createdAt: rowDate(r.createdAt),
    updatedAt: rowDate(r.updatedAt),
  }),
  enrich: async (em, items) => {
    const refs = await userRefs(em, items.flatMap((i) => [i.floorManagerId, i.teamLeaderId]).filter((x): x is number => x !== null));
    for (const item of items) {
      const fm = item.floorManagerId === null ? undefined : refs.get(item.floorManagerId);
      const tl = item.teamLeaderId === null ? undefined : refs.get(item.teamLeaderId);
      item.floorManager = fm ? toUserRef(fm) : null;
      item.teamLeader = tl ? toUserRef(tl) : null;
    }
  },
});

function publicTeam(row: TeamRow): TTeam {
  const { floorManagerId: _fm, teamLeaderId: _tl, ...team } = row;
  return team;
}

function scope(ctx: AuthedContext): (Sql | undefined)[] {
  const t = tableOf(ctx.em, Team, 't');
  return [
    tenantSql(ctx, t.col('customer')),
    conditionsSql(ctx, 'read', 'Team', { id: columnMatches(t.col('id')), customerId: columnMatches(t.col('customer')) }),
  ];
}

function listFilters(ctx: AuthedContext, input: Omit<TListTeamsInput, 'page' | 'itemsPerPage'>): (Sql | undefined)[] {
  const t = tableOf(ctx.em, Team, 't');
  const tm = tableOf(ctx.em, TeamMember, 'tm');
  return [
    ...scope(ctx),
    equalsFilter(t.col('customer'), input.customerId),
    equalsFilter(t.col('active'), input.active),
    archivedSql(t.col('archivedAt'), input.archived),
    input.memberId !== undefined
      ? sql`exists (select 1 from ${tm.from} where ${tm.col('team')} = ${t.col('id')} and ${tm.col('user')} = ${input.memberId})`
      : undefined,
  ];
}

export async function listTeams(ctx: ServiceContext, input: TListTeamsInput) {
  authorize(ctx, 'read', 'Team');
  const page = await listPage(ctx.em, teamListing, listFilters(ctx, input), { ...input, sortBy: input.sortBy ?? 'name' });
  return { items: page.items.map(publicTeam), total: page.total };
}

export async function* iterateTeams(ctx: ServiceContext, input: TListTeamsInput) {
  authorize(ctx, 'read', 'Team');
  for await (const batch of iterateListing(ctx.em, teamListing, listFilters(ctx, input), { ...input, sortBy: input.sortBy ?? 'name' })) {
    yield batch.map(publicTeam);
  }
}

async function memberIdsOf(em: EntityManager, teamId: number): Promise<number[]> {
  const tm = tableOf(em, TeamMember, 'tm');
  const rows = await execSql<{ id: number }>(em, sql`select ${tm.col('user')} as "id" from ${tm.from} where ${tm.col('team')} = ${teamId}`);
  return rows.map((r) => r.id);
}

export async function getTeam(ctx: ServiceContext, id: number): Promise<TTeamDetail> {
  authorize(ctx, 'read', 'Team');
  const row = await listById(ctx.em, teamListing, id, scope(ctx), 'Team');
  const members = [...(await userRefs(ctx.em, await memberIdsOf(ctx.em, id))).values()]
    .map(toUserRef)
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
  return { ...publicTeam(row), members };
}

/* ------------------------------------------------------------------ for other domains */

/** Teams a user belongs to: as member, floor manager or team leader. */
export async function teamIdsOfUser(em: EntityManager, userId: number): Promise<number[]> {
  const t = tableOf(em, Team, 't');
  const tm = tableOf(em, TeamMember, 'tm');
  const rows = await execSql<{ id: number }>(
    em,
    sql`select ${tm.col('team')} as "id" from ${tm.from} where ${tm.col('user')} = ${userId}
        union select ${t.col('id')} from ${t.from} where ${t.col('floorManager')} = ${userId} or ${t.col('teamLeader')} = ${userId}
        order by 1`,
  );
  return rows.map((r) => r.id);
}

setTeamIdsResolver(teamIdsOfUser);

/** SQL: the user in `userColumn` belongs to one of `teamIds` (member or lead). */
export function teamMembershipSql(userColumn: Sql, teamIds: number[]): Sql {
  if (!teamIds.length) return raw('false');
  return sql`(exists (select 1 from "team_members" "tmx" where "tmx"."user_id" = ${userColumn} and "tmx"."team_id" = any(${teamIds}))
    or exists (select 1 from "teams" "tx" where "tx"."id" = any(${teamIds}) and (${userColumn} = "tx"."floor_manager_id" or ${userColumn} = "tx"."team_leader_id")))`;
}

export async function teamRefs(em: EntityManager, ids: number[]): Promise<Map<number, { id: number; name: string }>> {
  const unique = [...new Set(ids)];
  const teams = unique.length ? await em.find(Team, { id: { $in: unique } }, { orderBy: { name: 'asc' } }) : [];
  return new Map(teams.map((t) => [t.id, { id: t.id, name: t.name }]));
}

/** The team belongs to `customerId` (NOT_FOUND otherwise) and is not archived (BAD_REQUEST). */
export async function requireTeamRef(em: EntityManager, teamId: number, customerId: number): Promise<{ id: number; name: string }> {
  const team = await findOwned(em, Team, teamId, customerId, 'Team');
  refuseArchived(!!team.archivedAt, `Team "${team.name}"`, 'teamId');
  return { id: team.id, name: team.name };
}

/** Move a user's membership from one team to another (either may be null). */
export async function changeMembership(em: EntityManager, userId: number, from: number | null, to: number | null): Promise<void> {
  if (from !== null && from !== to) await em.nativeDelete(TeamMember, { team: from, user: userId });
  if (to !== null) await execSql(em, sql`insert into "team_members" ("team_id", "user_id") values (${to}, ${userId}) on conflict do nothing`);
  clearSessionCache(userId);
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

async function setMembers(em: EntityManager, team: Team, memberIds: number[]): Promise<{ added: number[]; removed: number[] }> {
  const wanted = new Set(memberIds);
  if (team.floorManager) wanted.add(team.floorManager.id);
  if (team.teamLeader) wanted.add(team.teamLeader.id);
  const current = new Set(await memberIdsOf(em, team.id));
  const added = [...wanted].filter((id) => !current.has(id));
  const removed = [...current].filter((id) => !wanted.has(id));
  if (removed.length) await em.nativeDelete(TeamMember, { team: team.id, user: { $in: removed } });
  for (const id of added) await execSql(em, sql`insert into "team_members" ("team_id", "user_id") values (${team.id}, ${id}) on conflict do nothing`);
  await assignPrimaryTeamIfNone(em, added, team.id);
  await reassignPrimaryTeam(em, removed, team.id);
  for (const id of [...added, ...removed]) clearSessionCache(id);
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
    const { added } = await setMembers(tx.em, team, input.memberIds);
    recordAudit(tx, { action: 'create', entityType: 'Team', entityId: team.id, customerId, changes: { ...snapshot(team), memberIds: added } });
    return team.id;
  });
  return getTeam(ctx, id);
}

export async function updateTeam(ctx: ServiceContext, input: TUpdateTeamInput): Promise<TTeamDetail> {
  authorize(ctx, 'update', 'Team');
  await withTransaction(ctx, async (tx) => {
    const team = await loadForWrite(tx, records, input.id, 'update');
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
    const { added, removed } = await setMembers(tx.em, team, memberIds);
    for (const id of previousLeads) clearSessionCache(id);
    recordUpdate(tx, { entityType: 'Team', entityId: team.id, customerId }, before, snapshot(team), {
      ...(added.length ? { membersAdded: added } : {}),
      ...(removed.length ? { membersRemoved: removed } : {}),
    });
  });
  return getTeam(ctx, input.id);
}

export const { archive: archiveTeam, restore: restoreTeam } = archiveActions(records, getTeam);

/** Refused (CONFLICT) while the team has members or anything else points at it. */
export function deleteTeam(ctx: ServiceContext, id: number): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, id, 'Remove its members first, or archive it.');
}

registerReferenceCounter('Team', async (em, teamId) => {
  const ids = await memberIdsOf(em, teamId);
  const refs = await userRefs(em, ids.slice(0, 3));
  return { count: ids.length, label: plural('member'), examples: [...refs.values()].map((u) => u.fullName) };
});

registerReferenceCounter('User', async (em, userId) => {
  const led = await em.find(Team, { $or: [{ floorManager: userId }, { teamLeader: userId }] }, { orderBy: { name: 'asc' } });
  return { count: led.length, label: (n) => `${n} ${n === 1 ? 'team' : 'teams'} as its lead`, examples: led.slice(0, 3).map((t) => t.name) };
});

registerCustomerRecords(Team, plural('team'));
