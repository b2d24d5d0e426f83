// Teams: inspectors with a floor manager and a team leader. admin manages all of the customer's teams;
// a floormanager manages the teams they belong to (not create); the reads are the listing's (re-exported
// here). Membership also feeds the session's teamIds (CASL "team" conditions). Depends on users, the
// parent of memberships: members are added and removed through users.refs.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateTeamInput,
  TTeamDetail,
  TTeamMembersInput,
  TUpdateTeamInput,
} from '../../../../shared/schemas/teams.ts';
import { AppError } from '../../../lib/app-error.ts';
import { archiveActions } from '../../../lib/archive.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize, authorizeRecord } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { listById } from '../../../lib/list/index.ts';
import {
  assertCurrent,
  customerForNewRecord,
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
  findInTenant,
  flushUnique,
  type UniqueRule,
  withTransaction,
} from '../../../lib/scope.ts';
import { addTeamMembers, personRefs, removeTeamMembers, requireUsersOfCustomer } from '../users/users.refs.ts';
import { Team } from './team.entity.ts';
import { getTeam, memberIdsOf, teamListing, teamScope } from './teams.listing.ts';

export { getTeam, iterateTeams, listTeams } from './teams.listing.ts';

const uniqueName: UniqueRule<Team> = {
  entity: Team,
  field: 'name',
  key: 'teams.nameTaken',
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
    throw new AppError('BAD_REQUEST', 'teams.floorManagerRole', {}, { floorManagerId: 'teams.floorManagerRole' });
  }
  if (people.teamLeaderId !== null && refs.get(people.teamLeaderId)?.role !== 'teamleader') {
    throw new AppError('BAD_REQUEST', 'teams.teamLeaderRole', {}, { teamLeaderId: 'teams.teamLeaderRole' });
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
  await listById(tx.em, teamListing, id, teamScope(tx), 'Team');
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
  name: (t) => ({ record: 'Team', name: t.name }),
  unique: uniqueName,
  referencedBy: { team_members: plural('member') },
};

/**
 * A new team of the caller's customer (superadmin: the one named), its leads members too.
 * Throws FORBIDDEN, NOT_FOUND, BAD_REQUEST (leads' roles, people of another customer), CONFLICT (name).
 */
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
  return getTeam(ctx, { id });
}

/**
 * Change a team (with `version`: CONFLICT when changed since); `memberIds` replaces the members, the
 * leads stay members. Throws FORBIDDEN, NOT_FOUND, BAD_REQUEST, CONFLICT.
 */
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
    const { added, removed } = await setMembers(tx, team, memberIds);
    // A new member list is a change of the team (its version moves; flushed at commit).
    if (added.length || removed.length) team.updatedAt = new Date();

    recordUpdate(tx, { entityType: 'Team', entityId: team.id, customerId }, before, snapshot(team), {
      ...(added.length ? { membersAdded: await personRefs(tx.em, added) } : {}),
      ...(removed.length ? { membersRemoved: await personRefs(tx.em, removed) } : {}),
    });
  });
  return getTeam(ctx, input);
}

/**
 * Add users to the team (users of its customer); those already members are left as they are. An
 * insert that ignores existing rows, so concurrent additions all land. The team's version stays.
 * Throws FORBIDDEN, NOT_FOUND, BAD_REQUEST.
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
        changes: { membersAdded: await personRefs(tx.em, added) },
      });
  });
  return getTeam(ctx, input);
}

/**
 * Remove users from the team; non-members are ignored. The team's leads stay members (BAD_REQUEST).
 * Throws FORBIDDEN, NOT_FOUND, BAD_REQUEST.
 */
export async function removeMembers(ctx: ServiceContext, input: TTeamMembersInput): Promise<TTeamDetail> {
  authorize(ctx, 'update', 'Team');
  await withTransaction(ctx, async (tx) => {
    const team = await loadForWrite(tx, records, input.id, 'update');
    const userIds = [...new Set(input.userIds)];
    if (userIds.some((id) => id === team.floorManager?.id || id === team.teamLeader?.id)) {
      throw new AppError('BAD_REQUEST', 'teams.leadsStayMembers', {}, { userIds: 'teams.leadsStayMembers' });
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
        changes: { membersRemoved: await personRefs(tx.em, removed) },
      });
  });
  return getTeam(ctx, input);
}

/**
 * Archive (or restore) a team: it drops out of lists and cannot be picked for new links. Throw FORBIDDEN, NOT_FOUND.
 */
export const { archive: archiveTeam, restore: restoreTeam } = archiveActions(records, getTeam);

/**
 * Refused (CONFLICT) while the team has members or anything else points at it (ON DELETE RESTRICT). Throws FORBIDDEN,
 * NOT_FOUND.
 */
export function deleteTeam(ctx: ServiceContext, input: { id: number }): Promise<TDeleted> {
  return deleteUnreferenced(ctx, records, input.id, 'teams.removeMembersFirst');
}
