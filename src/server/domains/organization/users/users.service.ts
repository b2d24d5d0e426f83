// Users of Opsdesk. superadmin manages all; admin manages their own customer's users (never a
// superadmin); businessadmin and analyst read; floormanager and teamleader read their teams' members;
// qualitycontrol reads themself. Seats: creating or activating a user beyond the license's seats is
// CONFLICT. Deactivation (and a password set by an admin) ends the user's sessions at once.
// Depends on customers and licenses (seats); teams depend on this service, never the reverse: a
// user's teams (primary team, memberships) are read and changed here in this context's own SQL.
// Sessions are platform/auth's: reached through account-sessions.ts (connected in app.ts). Sign-in
// (platform/auth) reads and writes accounts through the plain-data functions under "accounts".
import crypto from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, expressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import { ROLES, type Role } from '../../../../shared/constants/roles.ts';
import type { TDeleted, TNameRef } from '../../../../shared/schemas/business.ts';
import type { TCustomer } from '../../../../shared/schemas/customers.ts';
import type { TRoleSummary } from '../../../../shared/schemas/roles.ts';
import type {
  TAdminResetPasswordInput,
  TCreateUserInput,
  TListUsersInput,
  TUpdateUserInput,
  TUser,
  TUserDetail,
} from '../../../../shared/schemas/users.ts';
import { type DB, db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { refuseArchived } from '../../../lib/archive.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize, authorizeRecord, roleAbilities, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  type ListingFilter,
  likeContains,
  listById,
  listingReads,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list.ts';
import { hashPassword } from '../../../lib/password.ts';
import { assertCurrent, lockRecord } from '../../../lib/records.ts';
import { deleteOrExplain } from '../../../lib/references.ts';
import {
  assertUnique,
  assertUniqueChange,
  conditionsFilter,
  findOwned,
  flushUnique,
  targetCustomerId,
  tenantFilter,
  type UniqueRule,
  withTransaction,
} from '../../../lib/scope.ts';
import { requireCustomer } from '../customers/customers.service.ts';
import { assertSeatsAvailable } from '../licenses/licenses.service.ts';
import { accountsOf, mailLinkOf } from './account-sessions.ts';
import { Team, TeamMember, User } from './user.entity.ts';

export const userListing = defineListing({
  source: (db) =>
    listSource(
      db
        .selectFrom('users as u')
        .leftJoin('customers as c', 'c.id', 'u.customer_id')
        // The primary team's name: teams are this context's table, read in the list's own SQL.
        .leftJoin('teams as t', 't.id', 'u.team_id'),
      {
        id: 'u.id',
        select: (qb) =>
          qb.select([
            'u.id',
            'u.version',
            'u.customer_id',
            'c.code as customer_code',
            'u.email',
            'u.full_name',
            'u.role',
            'u.status',
            'u.language',
            'u.avatar',
            'u.team_id',
            't.name as team_name',
            'u.last_login_at',
            'u.created_at',
            'u.updated_at',
          ]),
        search: ['u.full_name', 'u.email'],
        sorts: {
          fullName: 'u.full_name',
          email: 'u.email',
          role: 'u.role',
          status: 'u.status',
          lastLoginAt: 'u.last_login_at',
          createdAt: 'u.created_at',
        },
      },
    ),
  map: (r): TUser => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    customerCode: r.customer_code,
    email: r.email,
    fullName: r.full_name,
    role: r.role,
    status: r.status,
    language: r.language,
    avatar: r.avatar,
    team: r.team_id === null || r.team_name === null ? null : { id: r.team_id, name: r.team_name },
    lastLoginAt: toDateOrNull(r.last_login_at),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

type UserFilter = ListingFilter<typeof userListing>;

/** Expressions over the listed user `u`. */
const onUser = expressionBuilder<DB & { u: DB['users'] }, 'u'>();

/** The user `u` belongs to one of the teams: as a member, floor manager or team leader. */
function inAnyTeam(teamIds: readonly number[]): Expression<SqlBool> {
  if (!teamIds.length) return sql<SqlBool>`false`;
  const eb = onUser;
  return eb.or([
    eb.exists(
      eb
        .selectFrom('team_members as m')
        .select('m.team_id')
        .whereRef('m.user_id', '=', 'u.id')
        .where('m.team_id', 'in', teamIds),
    ),
    eb.exists(
      eb
        .selectFrom('teams as lt')
        .select('lt.id')
        .where('lt.id', 'in', teamIds)
        .where((e) => e.or([e('lt.floor_manager_id', '=', e.ref('u.id')), e('lt.team_leader_id', '=', e.ref('u.id'))])),
    ),
  ]);
}

/** The ids of an ability condition's value (`{ $in: [...] }` or one id). */
function conditionIds(value: unknown): number[] {
  const list: unknown = value !== null && typeof value === 'object' && '$in' in value ? value.$in : [value];
  return Array.isArray(list) ? list.filter((v): v is number => typeof v === 'number') : [];
}

/** What the caller may do to users, as SQL (tenant plus the ability's conditions). */
function scope(ctx: AuthedContext, action: 'read' | 'update' = 'read'): UserFilter[] {
  return [
    tenantFilter(ctx, 'u.customer_id'),
    conditionsFilter(ctx, action, 'User', {
      customerId: 'u.customer_id',
      id: 'u.id',
      teamId: (value) => inAnyTeam(conditionIds(value)),
    }),
  ];
}

function listFilters(ctx: AuthedContext, input: Omit<TListUsersInput, 'page' | 'itemsPerPage'>): UserFilter[] {
  return [
    ...scope(ctx),
    equalsFilter('u.customer_id', input.customerId),
    equalsFilter('u.role', input.role),
    equalsFilter('u.status', input.status),
    input.teamId !== undefined && inAnyTeam([input.teamId]),
  ];
}

export const { list: listUsers, iterate: iterateUsers } = listingReads('User', userListing, listFilters, 'fullName');

/** Teams the user belongs to (member, floor manager or team leader), by name. */
async function teamsOfUser(em: EntityManager, userId: number): Promise<TNameRef[]> {
  return db(em)
    .selectFrom('teams as t')
    .select(['t.id', 't.name'])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('team_members as m')
            .select('m.team_id')
            .whereRef('m.team_id', '=', 't.id')
            .where('m.user_id', '=', userId),
        ),
        eb('t.floor_manager_id', '=', userId),
        eb('t.team_leader_id', '=', userId),
      ]),
    )
    .orderBy('t.name')
    .execute();
}

export async function getUser(ctx: ServiceContext, id: number): Promise<TUserDetail> {
  authorize(ctx, 'read', 'User');
  const found = await listById(ctx.em, userListing, id, scope(ctx), 'User');
  return { ...found, teams: await teamsOfUser(ctx.em, id) };
}

/* ------------------------------------------------------------------ for other domains */

/**
 * Teams a user belongs to (member, floor manager or team leader), by id: what sessions put in
 * `teamIds` for the abilities' "team" conditions. Platform/auth calls it when it resolves a session.
 */
export async function teamIdsOfUser(em: EntityManager, userId: number): Promise<number[]> {
  const k = db(em);
  const rows = await k
    .selectFrom('team_members as m')
    .select('m.team_id as id')
    .where('m.user_id', '=', userId)
    .union(
      k
        .selectFrom('teams as t')
        .select('t.id')
        .where((eb) => eb.or([eb('t.floor_manager_id', '=', userId), eb('t.team_leader_id', '=', userId)])),
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export interface UserRef {
  id: number;
  fullName: string;
  email: string;
  role: Role;
  status: TUser['status'];
  customerId: number | null;
  teamId: number | null;
}

/** Small user records by id (any customer: callers scope). */
export async function userRefs(em: EntityManager, ids: number[]): Promise<Map<number, UserRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db(em)
    .selectFrom('users as u')
    .select(['u.id', 'u.full_name', 'u.email', 'u.role', 'u.status', 'u.customer_id', 'u.team_id'])
    .where('u.id', 'in', unique)
    .execute();
  return new Map(
    rows.map((u) => [
      u.id,
      {
        id: u.id,
        fullName: u.full_name,
        email: u.email,
        role: u.role,
        status: u.status,
        customerId: u.customer_id,
        teamId: u.team_id,
      },
    ]),
  );
}

/** For workflow notifications: ids of the active users of a customer with one of `roles`. */
export async function activeUserIdsWithRole(em: EntityManager, customerId: number, roles: Role[]): Promise<number[]> {
  if (!roles.length) return [];
  const rows = await db(em)
    .selectFrom('users')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('role', 'in', roles)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A user's full name as an SQL expression of a user id column, for other contexts' list sorts. */
export function userNameSql(userIdColumn: string): RawBuilder<string | null> {
  return sql<string | null>`(select u.full_name from users u where u.id = ${sql.ref(userIdColumn)})`;
}

/** A colleague as other contexts show them (the chat's contacts). */
export interface ColleagueRef {
  id: number;
  fullName: string;
  role: Role;
  avatar: string | null;
}

/**
 * For the chat: the active users of `customerId` (null: the platform's own users) with one of `roles`,
 * but `exceptId`, by name; `q` keeps those whose name contains it (any case); `ids` narrows to these users.
 */
export async function colleaguesOf(
  em: EntityManager,
  opts: { customerId: number | null; exceptId: number; roles: readonly Role[]; q?: string; ids?: number[] },
): Promise<ColleagueRef[]> {
  if (!opts.roles.length || opts.ids?.length === 0) return [];
  let query = db(em)
    .selectFrom('users as u')
    .select(['u.id', 'u.full_name as fullName', 'u.role', 'u.avatar'])
    .where((eb) =>
      opts.customerId === null ? eb('u.customer_id', 'is', null) : eb('u.customer_id', '=', opts.customerId),
    )
    .where('u.id', '<>', opts.exceptId)
    .where('u.status', '=', 'active')
    .where('u.role', 'in', [...opts.roles])
    .orderBy('u.full_name')
    .orderBy('u.id');
  if (opts.q) query = query.where('u.full_name', 'ilike', likeContains(opts.q));
  if (opts.ids) query = query.where('u.id', 'in', opts.ids);
  return query.execute();
}

/** The users, all of `customerId` (NOT_FOUND naming the first that is not). */
export async function requireUsersOfCustomer(
  em: EntityManager,
  ids: number[],
  customerId: number,
): Promise<Map<number, UserRef>> {
  const refs = await userRefs(em, ids);
  for (const id of new Set(ids)) {
    const ref = refs.get(id);
    if (!ref || ref.customerId !== customerId) throw new AppError('NOT_FOUND', `User ${id} not found`);
  }
  return refs;
}

/* ------------------------------------------------------------------ accounts, for sign-in */
// Platform/auth signs users in, registers and resets passwords through these functions. They take and
// return plain data: no User entity crosses the context boundary.

/** A user account as sign-in sees it, with its customer (null for the platform operator). */
export interface Account {
  id: number;
  email: string;
  fullName: string;
  role: Role;
  status: TUser['status'];
  language: string;
  /** The avatar's URL or files API path, or null. */
  avatar: string | null;
  customer: { id: number; code: string; status: TCustomer['status'] } | null;
}

/** An account with what checks a password: only sign-in reads it. */
export interface SignInAccount extends Account {
  passwordHash: string;
}

/** `user` with its customer loaded. */
function toAccount(user: User): Account {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    role: user.role,
    status: user.status,
    language: user.language,
    avatar: user.avatar ?? null,
    customer: user.customer ? { id: user.customer.id, code: user.customer.code, status: user.customer.status } : null,
  };
}

/** The account with this (normalized, lower-case) address and its password hash, or null. */
export async function findSignInAccount(em: EntityManager, email: string): Promise<SignInAccount | null> {
  const user = await em.findOne(User, { email }, { populate: ['passwordHash', 'customer'] });
  return user && { ...toAccount(user), passwordHash: user.passwordHash };
}

/** The account with this address, or null. */
export async function findAccountByEmail(em: EntityManager, email: string): Promise<Account | null> {
  const user = await em.findOne(User, { email }, { populate: ['customer'] });
  return user && toAccount(user);
}

/** The account by id (MikroORM's NotFoundError when it no longer exists). */
export async function accountById(em: EntityManager, userId: number): Promise<Account> {
  return toAccount(await em.findOneOrFail(User, { id: userId }, { populate: ['customer'] }));
}

/** Note a sign-in (last login time) at once, beside the unit of work, so the user's version does not move. */
export async function markSignedIn(em: EntityManager, userId: number): Promise<void> {
  // Not a change of the record an admin may be editing: written aside, the user's version stays.
  await em.nativeUpdate(User, { id: userId }, { lastLoginAt: new Date() });
}

/** Replace the user's password hash now (a reset link used); sessions are the caller's business. */
export async function setPasswordHash(em: EntityManager, userId: number, passwordHash: string): Promise<void> {
  await em.nativeUpdate(User, { id: userId }, { passwordHash, updatedAt: new Date() });
}

/**
 * Self-registration: a pending `businessuser` of the customer, written at once in its own unit of work.
 * `'taken'` when the address already has an account: the unique index decides, so concurrent calls
 * with one address never fail (one creates, the others are told it is taken). Nothing else is checked.
 */
export async function registerPendingUser(
  em: EntityManager,
  input: { customerId: number; email: string; fullName: string; passwordHash: string },
): Promise<'created' | 'taken'> {
  const attempt = em.fork();
  attempt.create(User, {
    customer: input.customerId,
    email: input.email,
    fullName: input.fullName,
    role: 'businessuser',
    status: 'pending',
    language: 'en',
    passwordHash: input.passwordHash,
  });
  try {
    await attempt.flush();
    return 'created';
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) return 'taken';
    throw error;
  }
}

/* ------------------------------------------------------------------ team memberships */
// A user's teams live with the user: the primary team (users.team_id) and the memberships
// (team_members). The teams service changes a team's members through the two functions below;
// this service never calls the teams service.

async function insertMemberships(em: EntityManager, teamId: number, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  await db(em)
    .insertInto('team_members')
    .values(userIds.map((userId) => ({ team_id: teamId, user_id: userId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The writer of a membership change: its transaction's EntityManager and the account sessions to refresh. */
type MembershipTx = Pick<ServiceContext, 'em' | 'accounts'>;

function forgetSessions(tx: MembershipTx, userIds: number[]): void {
  for (const id of userIds) accountsOf(tx).forget(id);
}

/** Make the users members of the team; it becomes the primary team of those who have none. */
export async function addTeamMembers(tx: MembershipTx, teamId: number, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  const { em } = tx;
  await insertMemberships(em, teamId, userIds);
  await em.nativeUpdate(User, { id: { $in: userIds }, team: null }, { team: teamId });
  forgetSessions(tx, userIds);
}

/** End the users' membership of the team; those whose primary team it was get another of their teams, or none. */
export async function removeTeamMembers(tx: MembershipTx, teamId: number, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  const { em } = tx;
  await em.nativeDelete(TeamMember, { team: teamId, user: { $in: userIds } });
  for (const id of userIds) {
    if (!(await em.count(User, { id, team: teamId }))) continue;
    const others = (await teamIdsOfUser(em, id)).filter((t) => t !== teamId);
    await em.nativeUpdate(User, { id }, { team: others[0] ?? null });
  }
  forgetSessions(tx, userIds);
}

/** Move a user's membership from one team to another (either may be null), as its primary team changes. */
async function moveMembership(tx: MembershipTx, userId: number, from: number | null, to: number | null): Promise<void> {
  const { em } = tx;
  if (from !== null && from !== to) await em.nativeDelete(TeamMember, { team: from, user: userId });
  if (to !== null) await insertMemberships(em, to, [userId]);
  forgetSessions(tx, [userId]);
}

/** A primary team must be the customer's (NOT_FOUND otherwise) and not archived (BAD_REQUEST). */
async function requirePrimaryTeam(em: EntityManager, teamId: number, customerId: number): Promise<void> {
  const team = await findOwned(em, Team, teamId, customerId, 'Team');
  refuseArchived(!!team.archivedAt, `Team "${team.name}"`, 'teamId');
}

/* ------------------------------------------------------------------ mutations */

const uniqueEmail: UniqueRule<User> = {
  entity: User,
  field: 'email',
  message: 'An account with this email already exists',
};

function snapshot(u: User) {
  return {
    email: u.email,
    fullName: u.fullName,
    role: u.role,
    status: u.status,
    language: u.language,
    avatar: u.avatar,
    teamId: u.team?.id ?? null,
  };
}

/** The record CASL conditions look at. */
async function abilityRecord(em: EntityManager, user: User) {
  const teamIds = await teamIdsOfUser(em, user.id);
  return { id: user.id, customerId: user.customer?.id ?? null, teamId: teamIds[0] ?? null };
}

function refuseSuperadminRole(ctx: AuthedContext, role: Role | undefined): void {
  if (role === 'superadmin' && ctx.user.role !== 'superadmin') {
    throw new AppError('FORBIDDEN', 'Only the platform operator can give the superadmin role', {
      role: ['Only the platform operator can give the superadmin role'],
    });
  }
}

/**
 * Refuse taking the last active admin of a customer away (deactivate, delete, role change). The
 * customer's row is locked for the rest of the transaction first, so two such changes to one
 * customer run one after the other: the second counts the admins the first left (no race to zero).
 */
async function keepOneAdmin(em: EntityManager, user: User): Promise<void> {
  if (user.role !== 'admin' || user.status !== 'active' || !user.customer) return;
  await db(em).selectFrom('customers').select('id').where('id', '=', user.customer.id).forUpdate().execute();
  const others = await em.count(User, {
    customer: user.customer.id,
    role: 'admin',
    status: 'active',
    id: { $ne: user.id },
  });
  if (!others)
    throw new AppError(
      'CONFLICT',
      `${user.fullName} is the customer's last active admin; make another user admin first`,
    );
}

export async function createUser(ctx: ServiceContext, input: TCreateUserInput): Promise<TUserDetail> {
  authorize(ctx, 'create', 'User');
  refuseSuperadminRole(ctx, input.role);
  const id = await withTransaction(ctx, async (tx) => {
    let customerId: number | null;
    if (input.role === 'superadmin') {
      if (input.customerId != null) {
        throw new AppError('BAD_REQUEST', 'A superadmin belongs to no customer', {
          customerId: ['A superadmin belongs to no customer'],
        });
      }
      customerId = null;
    } else {
      customerId = targetCustomerId(tx, input.customerId);
      if (tenantId(tx) === null) await requireCustomer(tx.em, customerId);
    }
    authorizeRecord(tx, 'create', 'User', { customerId, id: 0, teamId: input.teamId });
    await assertUnique(tx.em, uniqueEmail, { email: input.email });
    if (input.teamId !== null) {
      if (customerId === null)
        throw new AppError('BAD_REQUEST', 'A superadmin cannot join a team', {
          teamId: ['A superadmin cannot join a team'],
        });
      await requirePrimaryTeam(tx.em, input.teamId, customerId);
    }
    if (customerId !== null) await assertSeatsAvailable(tx.em, customerId, 1);
    const password = input.password ?? crypto.randomBytes(24).toString('base64url');
    const user = tx.em.create(User, {
      customer: customerId,
      email: input.email,
      fullName: input.fullName,
      role: input.role,
      team: input.teamId,
      avatar: null,
      status: 'active',
      language: input.language,
      passwordHash: await hashPassword(password),
      lastLoginAt: null,
    });
    await flushUnique(tx.em, uniqueEmail);
    if (input.teamId !== null) await moveMembership(tx, user.id, null, input.teamId);
    recordAudit(tx, {
      action: input.password ? 'create' : 'invite',
      entityType: 'User',
      entityId: user.id,
      customerId,
      changes: snapshot(user),
    });
    await tx.em.flush();
    // Without a password the user is invited: a link to choose one goes out through the outbox.
    if (!input.password) await accountsOf(tx).sendPasswordLink(tx.em, user.email, mailLinkOf(tx));
    return user.id;
  });
  return getUser(ctx, id);
}

/** Load a user the caller may see and may `action` (NOT_FOUND when invisible, FORBIDDEN when read-only). */
async function loadForWrite(tx: AuthedContext, id: number, action: 'update' | 'delete'): Promise<User> {
  await listById(tx.em, userListing, id, scope(tx), 'User');
  const user = await tx.em.findOneOrFail(User, { id }, { populate: ['customer'] });
  authorizeRecord(tx, action, 'User', await abilityRecord(tx.em, user));
  if (user.role === 'superadmin' && tx.user.role !== 'superadmin')
    throw new AppError('FORBIDDEN', 'You are not allowed to change a superadmin');
  return user;
}

export async function updateUser(ctx: ServiceContext, input: TUpdateUserInput): Promise<TUserDetail> {
  authorize(ctx, 'update', 'User');
  refuseSuperadminRole(ctx, input.role);
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, User, input.id);
    const user = await loadForWrite(tx, input.id, 'update');
    assertCurrent(user, input.version, 'User');
    const before = snapshot(user);
    if (input.role !== undefined && input.role !== user.role) {
      if (user.id === tx.user.id)
        throw new AppError('CONFLICT', 'You cannot change your own role', {
          role: ['You cannot change your own role'],
        });
      if ((input.role === 'superadmin') !== (user.role === 'superadmin')) {
        throw new AppError('BAD_REQUEST', 'The superadmin role cannot be given to or taken from an existing account', {
          role: ['The superadmin role cannot be given to or taken from an existing account'],
        });
      }
      await keepOneAdmin(tx.em, user);
      user.role = input.role;
    }
    await assertUniqueChange(tx.em, uniqueEmail, user, input.email);
    if (input.email !== undefined) user.email = input.email;
    if (input.fullName !== undefined) user.fullName = input.fullName;
    if (input.language !== undefined) user.language = input.language;
    if (input.avatar !== undefined) user.avatar = input.avatar || null;
    if (input.teamId !== undefined && input.teamId !== (user.team?.id ?? null)) {
      if (input.teamId !== null) {
        if (!user.customer)
          throw new AppError('BAD_REQUEST', 'A superadmin cannot join a team', {
            teamId: ['A superadmin cannot join a team'],
          });
        await requirePrimaryTeam(tx.em, input.teamId, user.customer.id);
      }
      await moveMembership(tx, user.id, user.team?.id ?? null, input.teamId);
      tx.em.assign(user, { team: input.teamId });
    }
    recordUpdate(
      tx,
      { entityType: 'User', entityId: user.id, customerId: user.customer?.id ?? null },
      before,
      snapshot(user),
    );
    await flushUnique(tx.em, uniqueEmail);
  });
  accountsOf(ctx).forget(input.id);
  return getUser(ctx, input.id);
}

/** Active again (from inactive or pending); counts against the license's seats. */
export async function activateUser(ctx: ServiceContext, id: number): Promise<TUserDetail> {
  authorize(ctx, 'update', 'User');
  await withTransaction(ctx, async (tx) => {
    const user = await loadForWrite(tx, id, 'update');
    if (user.status === 'active') return;
    if (user.customer) await assertSeatsAvailable(tx.em, user.customer.id, 1);
    const from = user.status;
    user.status = 'active';
    recordAudit(tx, {
      action: 'activate',
      entityType: 'User',
      entityId: user.id,
      customerId: user.customer?.id ?? null,
      changes: { status: { from, to: 'active' } },
    });
  });
  accountsOf(ctx).forget(id);
  return getUser(ctx, id);
}

/** Inactive: cannot sign in, sessions end now, the seat is freed. */
export async function deactivateUser(ctx: ServiceContext, id: number): Promise<TUserDetail> {
  authorize(ctx, 'update', 'User');
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, User, id); // the user's row, then (keepOneAdmin) the customer's: one order
    const user = await loadForWrite(tx, id, 'update');
    if (user.id === tx.user.id) throw new AppError('CONFLICT', 'You cannot deactivate your own account');
    if (user.status === 'inactive') return;
    await keepOneAdmin(tx.em, user);
    const from = user.status;
    user.status = 'inactive';
    recordAudit(tx, {
      action: 'deactivate',
      entityType: 'User',
      entityId: user.id,
      customerId: user.customer?.id ?? null,
      changes: { status: { from, to: 'inactive' } },
    });
    await tx.em.flush();
    await accountsOf(tx).revoke(tx.em, user.id);
  });
  return getUser(ctx, id);
}

/** Set a new password (ending the user's sessions), or e-mail them a reset link. */
export async function adminResetPassword(
  ctx: ServiceContext,
  input: TAdminResetPasswordInput,
): Promise<{ id: number; mode: 'set' | 'email' }> {
  authorize(ctx, 'update', 'User');
  return withTransaction(ctx, async (tx) => {
    const user = await loadForWrite(tx, input.id, 'update');
    if (input.password) {
      // Not a change of the record an admin may be editing (the user dialog has no password): written
      // aside like a login or a reset link's use, so the user's version stays.
      // (SQL beside the ORM: a nativeUpdate would reach the loaded entity and its flush move the version.)
      const passwordHash = await hashPassword(input.password);
      await db(tx.em)
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
        .where('id', '=', user.id)
        .execute();
      recordAudit(tx, {
        action: 'password_reset',
        entityType: 'User',
        entityId: user.id,
        customerId: user.customer?.id ?? null,
        changes: { mode: 'set' },
      });
      await tx.em.flush();
      await accountsOf(tx).revoke(tx.em, user.id);
      return { id: user.id, mode: 'set' as const };
    }
    if (user.status === 'inactive')
      throw new AppError('CONFLICT', 'This account is deactivated; activate it before sending a reset link');
    recordAudit(tx, {
      action: 'password_reset',
      entityType: 'User',
      entityId: user.id,
      customerId: user.customer?.id ?? null,
      changes: { mode: 'email' },
    });
    await tx.em.flush();
    await accountsOf(tx).sendPasswordLink(tx.em, user.email, mailLinkOf(tx));
    return { id: user.id, mode: 'email' as const };
  });
}

/**
 * Erase an account nothing points at (teams it leads…); otherwise CONFLICT — deactivate it instead.
 * The database refuses (teams' lead columns are ON DELETE RESTRICT); the user's own sessions,
 * memberships and personal records go with it (cascade).
 */
export async function deleteUser(ctx: ServiceContext, id: number): Promise<TDeleted> {
  authorize(ctx, 'delete', 'User');
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, User, id); // the user's row, then (keepOneAdmin) the customer's: one order
    const user = await loadForWrite(tx, id, 'delete');
    if (user.id === tx.user.id) throw new AppError('CONFLICT', 'You cannot delete your own account');
    await keepOneAdmin(tx.em, user);
    await deleteOrExplain(tx.em, User, id, {
      what: `User "${user.email}"`,
      hint: 'Deactivate the account instead.',
      labels: { teams: (n) => `${n} ${n === 1 ? 'team' : 'teams'} as its lead` },
    });
    recordAudit(tx, {
      action: 'delete',
      entityType: 'User',
      entityId: id,
      customerId: user.customer?.id ?? null,
      changes: snapshot(user),
    });
    tx.em.getUnitOfWork().unsetIdentity(user);
  });
  accountsOf(ctx).forget(id);
  return { id, deleted: true };
}

/**
 * The product's roles (issue 14's roles page): how many users of each the caller may see (counted in
 * SQL, in their tenant and within their `read User` conditions), and each role's abilities as the
 * CASL rules the server enforces describe them.
 */
export async function roleSummaries(ctx: ServiceContext): Promise<TRoleSummary[]> {
  authorize(ctx, 'read', 'User');
  const filters = scope(ctx);
  const rows = await db(ctx.em)
    .selectFrom('users as u')
    .select(['u.role', sql<number>`count(*)::int`.as('n')])
    .where((eb) => eb.and(filters.flatMap((f) => (!f ? [] : [typeof f === 'function' ? f(eb as never) : f]))))
    .groupBy('u.role')
    .execute();
  const counts = new Map(rows.map((r) => [r.role, r.n]));
  return ROLES.map((role) => ({ role, userCount: counts.get(role) ?? 0, abilities: roleAbilities(role) }));
}
