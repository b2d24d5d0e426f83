// Users of Opsdesk. superadmin manages all; admin manages their own customer's users (never a
// superadmin); businessadmin and analyst read; floormanager and teamleader read their teams' members;
// qualitycontrol reads themself. Seats: creating or activating a user beyond the license's seats is
// CONFLICT. Deactivation (and a password set by an admin) ends the user's sessions at once.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../../../../shared/constants/roles.ts';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TAdminResetPasswordInput,
  TCreateUserInput,
  TListUsersInput,
  TUpdateUserInput,
  TUser,
  TUserDetail,
} from '../../../../shared/schemas/users.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authorize, authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { defineListing, listById, listingReads, rowDate, rowDateOrNull } from '../../../lib/listing.ts';
import { hashPassword } from '../../../lib/password.ts';
import { plural, refuseIfReferenced, registerReferenceCounter } from '../../../lib/references.ts';
import { assertUnique, assertUniqueChange, columnMatches, conditionsSql, flushUnique, targetCustomerId, tenantSql, withTransaction, type UniqueRule } from '../../../lib/scope.ts';
import { equalsFilter, execSql, raw, sql, tableOf, type Sql } from '../../../lib/sql-list.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { clearSessionCache, forgotPassword, revokeUserSessions } from '../../platform/auth/auth.service.ts';
import { requireCustomer } from '../customers/customers.service.ts';
import { assertSeatsAvailable } from '../licenses/licenses.service.ts';
import { changeMembership, requireTeamRef, teamIdsOfUser, teamMembershipSql, teamRefs } from '../teams/teams.service.ts';
import { User } from './user.entity.ts';

/** Where e-mailed links point (the app's origin as the request saw it). */
export interface LinkOptions {
  baseUrl: string;
}

export const userListing = defineListing({
  source: (em: EntityManager) => {
    const u = tableOf(em, User, 'u');
    return {
      from: sql`${u.from} left join "customers" "c" on "c"."id" = ${u.col('customer')} left join "teams" "t" on "t"."id" = ${u.col('team')}`,
      id: u.col('id'),
      select: {
        id: u.col('id'),
        customerId: u.col('customer'),
        customerCode: raw('"c"."code"'),
        email: u.col('email'),
        fullName: u.col('fullName'),
        role: u.col('role'),
        status: u.col('status'),
        language: u.col('language'),
        avatar: u.col('avatar'),
        teamId: u.col('team'),
        teamName: raw('"t"."name"'),
        lastLoginAt: u.col('lastLoginAt'),
        createdAt: u.col('createdAt'),
        updatedAt: u.col('updatedAt'),
      },
      search: [u.col('fullName'), u.col('email')],
      sorts: {
        fullName: u.col('fullName'),
        email: u.col('email'),
        role: u.col('role'),
        status: u.col('status'),
        lastLoginAt: u.col('lastLoginAt'),
        createdAt: u.col('createdAt'),
      },
    };
  },
  map: (r): TUser => ({
    id: r.id as number,
    customerId: r.customerId as number | null,
    customerCode: r.customerCode as string | null,
    email: r.email as string,
    fullName: r.fullName as string,
    role: r.role as Role,
    status: r.status as TUser['status'],
    language: r.language as string,
    avatar: r.avatar as string | null,
    team: r.teamId === null ? null : { id: r.teamId as number, name: r.teamName as string },
    lastLoginAt: rowDateOrNull(r.lastLoginAt),
    createdAt: rowDate(r.createdAt),
    updatedAt: rowDate(r.updatedAt),
  }),
});

/** What the caller may do to users, as SQL (tenant plus the ability's conditions). */
function scope(ctx: AuthedContext, action: 'read' | 'update' = 'read'): (Sql | undefined)[] {
  const u = tableOf(ctx.em, User, 'u');
  return [
    tenantSql(ctx, u.col('customer')),
    conditionsSql(ctx, action, 'User', {
      customerId: columnMatches(u.col('customer')),
      id: columnMatches(u.col('id')),
      teamId: (value) => teamMembershipSql(u.col('id'), (value as { $in: number[] }).$in),
    }),
  ];
}

function listFilters(ctx: AuthedContext, input: Omit<TListUsersInput, 'page' | 'itemsPerPage'>): (Sql | undefined)[] {
  const u = tableOf(ctx.em, User, 'u');
  return [
    ...scope(ctx),
    equalsFilter(u.col('customer'), input.customerId),
    input.role ? sql`${u.col('role')} = ${input.role}` : undefined,
    input.status ? sql`${u.col('status')} = ${input.status}` : undefined,
    input.teamId !== undefined ? teamMembershipSql(u.col('id'), [input.teamId]) : undefined,
  ];
}

export const { list: listUsers, iterate: iterateUsers } = listingReads('User', userListing, listFilters, 'fullName');

export async function getUser(ctx: ServiceContext, id: number): Promise<TUserDetail> {
  authorize(ctx, 'read', 'User');
  const found = await listById(ctx.em, userListing, id, scope(ctx), 'User');
  const teams = await teamRefs(ctx.em, await teamIdsOfUser(ctx.em, id));
  return { ...found, teams: [...teams.values()] };
}

/* ------------------------------------------------------------------ for other domains */

/** Active users per customer (what license seats limit). */
export async function countActiveUsersByCustomer(em: EntityManager, customerIds: number[]): Promise<Map<number, number>> {
  if (!customerIds.length) return new Map();
  const u = tableOf(em, User, 'u');
  const rows = await execSql<{ customerId: number; n: number }>(
    em,
    sql`select ${u.col('customer')} as "customerId", count(*)::int as "n" from ${u.from}
        where ${u.col('customer')} = any(${customerIds}) and ${u.col('status')} = 'active' group by 1`,
  );
  return new Map(rows.map((r) => [r.customerId, r.n]));
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
  const users = await em.find(User, { id: { $in: unique } });
  return new Map(
    users.map((u) => [
      u.id,
      { id: u.id, fullName: u.fullName, email: u.email, role: u.role, status: u.status, customerId: u.customer?.id ?? null, teamId: u.team?.id ?? null },
    ]),
  );
}

/** The users, all of `customerId` (NOT_FOUND naming the first that is not). */
export async function requireUsersOfCustomer(em: EntityManager, ids: number[], customerId: number): Promise<Map<number, UserRef>> {
  const refs = await userRefs(em, ids);
  for (const id of new Set(ids)) {
    const ref = refs.get(id);
    if (!ref || ref.customerId !== customerId) throw new AppError('NOT_FOUND', `User ${id} not found`);
  }
  return refs;
}

/** Make `teamId` the primary team of those users who have none. */
export async function assignPrimaryTeamIfNone(em: EntityManager, userIds: number[], teamId: number): Promise<void> {
  if (userIds.length) await em.nativeUpdate(User, { id: { $in: userIds }, team: null }, { team: teamId });
}

/** Users whose primary team is `teamId` but who left it get another of their teams, or none. */
export async function reassignPrimaryTeam(em: EntityManager, userIds: number[], teamId: number): Promise<void> {
  for (const id of userIds) {
    if (!(await em.count(User, { id, team: teamId }))) continue;
    const others = (await teamIdsOfUser(em, id)).filter((t) => t !== teamId);
    await em.nativeUpdate(User, { id }, { team: others[0] ?? null });
  }
}

/* ------------------------------------------------------------------ mutations */

const uniqueEmail: UniqueRule<User> = { entity: User, field: 'email', message: 'An account with this email already exists' };

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
    throw new AppError('FORBIDDEN', 'Only the platform operator can give the superadmin role', { role: ['Only the platform operator can give the superadmin role'] });
  }
}

/** Refuse taking the last active admin of a customer away (deactivate, delete, role change). */
async function keepOneAdmin(em: EntityManager, user: User): Promise<void> {
  if (user.role !== 'admin' || user.status !== 'active' || !user.customer) return;
  const others = await em.count(User, { customer: user.customer.id, role: 'admin', status: 'active', id: { $ne: user.id } });
  if (!others) throw new AppError('CONFLICT', `${user.fullName} is the customer's last active admin; make another user admin first`);
}

export async function createUser(ctx: ServiceContext, input: TCreateUserInput, links: LinkOptions): Promise<TUserDetail> {
  authorize(ctx, 'create', 'User');
  refuseSuperadminRole(ctx, input.role);
  const id = await withTransaction(ctx, async (tx) => {
    let customerId: number | null;
    if (input.role === 'superadmin') {
      if (input.customerId != null) {
        throw new AppError('BAD_REQUEST', 'A superadmin belongs to no customer', { customerId: ['A superadmin belongs to no customer'] });
      }
      customerId = null;
    } else {
      customerId = targetCustomerId(tx, input.customerId);
      if (tenantId(tx) === null) await requireCustomer(tx.em, customerId);
    }
    authorizeRecord(tx, 'create', 'User', { customerId, id: 0, teamId: input.teamId });
    await assertUnique(tx.em, uniqueEmail, { email: input.email });
    if (input.teamId !== null) {
      if (customerId === null) throw new AppError('BAD_REQUEST', 'A superadmin cannot join a team', { teamId: ['A superadmin cannot join a team'] });
      await requireTeamRef(tx.em, input.teamId, customerId);
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
    if (input.teamId !== null) await changeMembership(tx.em, user.id, null, input.teamId);
    recordAudit(tx, {
      action: input.password ? 'create' : 'invite',
      entityType: 'User',
      entityId: user.id,
      customerId,
      changes: snapshot(user),
    });
    await tx.em.flush();
    // Without a password the user is invited: a link to choose one goes out through the outbox.
    if (!input.password) await forgotPassword(tx.em, { email: user.email }, links.baseUrl);
    return user.id;
  });
  return getUser(ctx, id);
}

/** Load a user the caller may see and may `action` (NOT_FOUND when invisible, FORBIDDEN when read-only). */
async function loadForWrite(tx: AuthedContext, id: number, action: 'update' | 'delete'): Promise<User> {
  await listById(tx.em, userListing, id, scope(tx), 'User');
  const user = await tx.em.findOneOrFail(User, { id }, { populate: ['customer'] });
  authorizeRecord(tx, action, 'User', await abilityRecord(tx.em, user));
  if (user.role === 'superadmin' && tx.user.role !== 'superadmin') throw new AppError('FORBIDDEN', 'You are not allowed to change a superadmin');
  return user;
}

export async function updateUser(ctx: ServiceContext, input: TUpdateUserInput): Promise<TUserDetail> {
  authorize(ctx, 'update', 'User');
  refuseSuperadminRole(ctx, input.role);
  await withTransaction(ctx, async (tx) => {
    const user = await loadForWrite(tx, input.id, 'update');
    const before = snapshot(user);
    if (input.role !== undefined && input.role !== user.role) {
      if (user.id === tx.user.id) throw new AppError('CONFLICT', 'You cannot change your own role', { role: ['You cannot change your own role'] });
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
        if (!user.customer) throw new AppError('BAD_REQUEST', 'A superadmin cannot join a team', { teamId: ['A superadmin cannot join a team'] });
        await requireTeamRef(tx.em, input.teamId, user.customer.id);
      }
      await changeMembership(tx.em, user.id, user.team?.id ?? null, input.teamId);
      tx.em.assign(user, { team: input.teamId });
    }
    recordUpdate(tx, { entityType: 'User', entityId: user.id, customerId: user.customer?.id ?? null }, before, snapshot(user));
    await flushUnique(tx.em, uniqueEmail);
  });
  clearSessionCache(input.id);
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
    recordAudit(tx, { action: 'activate', entityType: 'User', entityId: user.id, customerId: user.customer?.id ?? null, changes: { status: { from, to: 'active' } } });
  });
  clearSessionCache(id);
  return getUser(ctx, id);
}

/** Inactive: cannot sign in, sessions end now, the seat is freed. */
export async function deactivateUser(ctx: ServiceContext, id: number): Promise<TUserDetail> {
  authorize(ctx, 'update', 'User');
  await withTransaction(ctx, async (tx) => {
    const user = await loadForWrite(tx, id, 'update');
    if (user.id === tx.user.id) throw new AppError('CONFLICT', 'You cannot deactivate your own account');
    if (user.status === 'inactive') return;
    await keepOneAdmin(tx.em, user);
    const from = user.status;
    user.status = 'inactive';
    recordAudit(tx, { action: 'deactivate', entityType: 'User', entityId: user.id, customerId: user.customer?.id ?? null, changes: { status: { from, to: 'inactive' } } });
    await tx.em.flush();
    await revokeUserSessions(tx.em, user.id);
  });
  return getUser(ctx, id);
}

/** Set a new password (ending the user's sessions), or e-mail them a reset link. */
export async function adminResetPassword(
  ctx: ServiceContext,
  input: TAdminResetPasswordInput,
  links: LinkOptions,
): Promise<{ id: number; mode: 'set' | 'email' }> {
  authorize(ctx, 'update', 'User');
  return withTransaction(ctx, async (tx) => {
    const user = await loadForWrite(tx, input.id, 'update');
    if (input.password) {
      user.passwordHash = await hashPassword(input.password);
      recordAudit(tx, { action: 'password_reset', entityType: 'User', entityId: user.id, customerId: user.customer?.id ?? null, changes: { mode: 'set' } });
      await tx.em.flush();
      await revokeUserSessions(tx.em, user.id);
      return { id: user.id, mode: 'set' as const };
    }
    if (user.status === 'inactive') throw new AppError('CONFLICT', 'This account is deactivated; activate it before sending a reset link');
    recordAudit(tx, { action: 'password_reset', entityType: 'User', entityId: user.id, customerId: user.customer?.id ?? null, changes: { mode: 'email' } });
    await tx.em.flush();
    await forgotPassword(tx.em, { email: user.email }, links.baseUrl);
    return { id: user.id, mode: 'email' as const };
  });
}

/** Erase an account nothing points at (teams led…); otherwise CONFLICT — deactivate it instead. */
export async function deleteUser(ctx: ServiceContext, id: number): Promise<TDeleted> {
  authorize(ctx, 'delete', 'User');
  await withTransaction(ctx, async (tx) => {
    const user = await loadForWrite(tx, id, 'delete');
    if (user.id === tx.user.id) throw new AppError('CONFLICT', 'You cannot delete your own account');
    await keepOneAdmin(tx.em, user);
    await refuseIfReferenced(tx.em, 'User', id, `User "${user.email}"`, 'Deactivate the account instead.');
    recordAudit(tx, { action: 'delete', entityType: 'User', entityId: id, customerId: user.customer?.id ?? null, changes: snapshot(user) });
    tx.em.remove(user);
  });
  clearSessionCache(id);
  return { id, deleted: true };
}

registerReferenceCounter('Customer', async (em, customerId) => {
  const users = await em.find(User, { customer: customerId }, { limit: 3, orderBy: { id: 'asc' } });
  return { count: await em.count(User, { customer: customerId }), label: plural('user'), examples: users.map((u) => u.email) };
});
