// What other domains read and write of users, em-first: names and teams, sign-in accounts, team memberships.
// These never authorize: callers have authorized already.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type RawBuilder, sql } from 'kysely';
import type { Role } from '../../../../shared/constants/roles.ts';
import type { TCustomer } from '../../../../shared/schemas/customers.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { likeContains } from '../../../lib/list/index.ts';
import { TeamMember, User } from './user.entity.ts';

/**
 * Teams a user belongs to (member, floor manager or team leader), by id: what sessions put in
 * `teamIds` for the abilities' "team" conditions (platform/auth, when it resolves a session).
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

/** A person as a record's history names them: id and full name at the time of the change. */
export interface PersonRef {
  id: number;
  name: string;
}

/** People by id, in the order given (an id of no user is left out). */
export async function personRefs(em: EntityManager, ids: number[]): Promise<PersonRef[]> {
  const users = await userRefs(em, ids);
  return ids.flatMap((id) => {
    const user = users.get(id);
    return user ? [{ id, name: user.fullName }] : [];
  });
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
    if (!ref || ref.customerId !== customerId) throw new AppError('NOT_FOUND', 'users.notFoundById', { id });
  }
  return refs;
}

/* ------------------------------------------------------------------ accounts, for sign-in */
// Platform/auth signs users in, registers and resets passwords through these functions: plain data in
// and out, no User entity crosses the context boundary.

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

/**
 * Just-in-time provisioning by single sign-on: an active account of the customer with the provider's
 * default role, created at its first sign-in. Its password hash is of a random secret nobody knows (it
 * signs in through its provider, or sets a password through a reset link where SSO is not enforced).
 * Concurrent first sign-ins of one address create it once (the unique index decides); returns the account.
 */
export async function createSsoAccount(
  em: EntityManager,
  input: { customerId: number; email: string; fullName: string; role: Role; passwordHash: string },
): Promise<Account> {
  const attempt = em.fork();
  attempt.create(User, {
    customer: input.customerId,
    email: input.email,
    fullName: input.fullName.slice(0, 200),
    role: input.role,
    status: 'active',
    language: 'en',
    passwordHash: input.passwordHash,
  });
  try {
    await attempt.flush();
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
  }
  const account = await findAccountByEmail(em.fork(), input.email);
  if (!account) throw new Error('SSO account vanished after creation');
  return account;
}

/* ------------------------------------------------------------------ team memberships */
// A user's teams live with the user: the primary team (users.team_id) and the memberships
// (team_members). The teams service changes a team's members through addTeamMembers and
// removeTeamMembers; the users service never calls the teams service.

async function insertMemberships(em: EntityManager, teamId: number, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  await db(em)
    .insertInto('team_members')
    .values(userIds.map((userId) => ({ team_id: teamId, user_id: userId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The writer of a membership change: its transaction's EntityManager. */
type MembershipTx = Pick<ServiceContext, 'em'>;

/** Make the users members of the team; it becomes the primary team of those who have none. */
export async function addTeamMembers(tx: MembershipTx, teamId: number, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  const { em } = tx;
  await insertMemberships(em, teamId, userIds);
  await em.nativeUpdate(User, { id: { $in: userIds }, team: null }, { team: teamId });
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
}

/**
 * Move a user's membership from one team to another (either may be null), as its primary team changes (users service).
 */
export async function moveMembership(
  tx: MembershipTx,
  userId: number,
  from: number | null,
  to: number | null,
): Promise<void> {
  const { em } = tx;
  if (from !== null && from !== to) await em.nativeDelete(TeamMember, { team: from, user: userId });
  if (to !== null) await insertMemberships(em, to, [userId]);
}
