// Users of Opsdesk: superadmin manages all; admin manages their own customer's users (never a
// superadmin); the reads are the listing's (re-exported here). Seats: creating or activating a user
// beyond the license's seats is CONFLICT. Deactivation (and a password set by an admin) ends the user's
// sessions at once. Depends on customers and licenses (seats); teams depend on users, never the reverse.
// Sessions are platform/auth's: reached through account-sessions.ts (connected in app.ts).
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Role } from '../../../../shared/constants/roles.ts';
import type { ErrorKey } from '../../../../shared/errors/messages.ts';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TAdminResetPasswordInput,
  TCreateUserInput,
  TUpdateUserInput,
  TUserDetail,
} from '../../../../shared/schemas/users.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { refuseArchived } from '../../../lib/archive.ts';
import { recordAudit } from '../../../lib/audit/audit.ts';
import { authorize, authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { listById } from '../../../lib/list/index.ts';
import { assertUncommonPassword, hashPassword } from '../../../lib/password.ts';
import { loadForWrite, lockRecord, updateRecord, type WriteSpec } from '../../../lib/records.ts';
import { deleteOrExplain } from '../../../lib/references.ts';
import {
  assertUnique,
  assertUniqueChange,
  findOwned,
  flushUnique,
  targetCustomerId,
  type UniqueRule,
  withTransaction,
} from '../../../lib/scope.ts';
import { requireCustomer } from '../customers/customers.refs.ts';
import { assertSeatsAvailable } from '../licenses/licenses.refs.ts';
import { accountsOf, mailLinkOf } from './account-sessions.ts';
import { Team, User } from './user.entity.ts';
import { getUser, userListing, userScope } from './users.listing.ts';
import { moveMembership, type PersonRef, teamIdsOfUser } from './users.refs.ts';

export { getUser, iterateUsers, listUsers, roleSummaries } from './users.listing.ts';

const uniqueEmail: UniqueRule<User> = {
  entity: User,
  field: 'email',
  key: 'users.emailTaken',
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

/** A user the caller may see (NOT_FOUND otherwise) and may `action` (FORBIDDEN when read-only, or a superadmin). */
async function loadVisible(tx: AuthedContext, id: number, action: 'update' | 'delete'): Promise<User> {
  await listById(tx.em, userListing, id, userScope(tx), 'User');
  const user = await tx.em.findOneOrFail(User, { id }, { populate: ['customer'] });
  authorizeRecord(tx, action, 'User', await abilityRecord(tx.em, user));
  if (user.role === 'superadmin' && tx.user.role !== 'superadmin')
    throw new AppError('FORBIDDEN', 'users.superadminUnchangeable');
  return user;
}

const records: WriteSpec<User> = {
  entity: User,
  subject: 'User',
  label: 'User',
  load: loadVisible,
  snapshot,
  name: (u) => ({ record: 'User', name: u.email }),
  unique: uniqueEmail,
};

/** BAD_REQUEST (on `field`) with the same message for the field. */
function badField(field: string, key: ErrorKey): AppError {
  return new AppError('BAD_REQUEST', key, {}, { [field]: key });
}

function refuseSuperadminRole(ctx: AuthedContext, role: Role | undefined): void {
  if (role === 'superadmin' && ctx.user.role !== 'superadmin') {
    throw new AppError(
      'FORBIDDEN',
      'users.superadminRoleOperatorOnly',
      {},
      { role: 'users.superadminRoleOperatorOnly' },
    );
  }
}

/** A role change: never one's own (CONFLICT), never to or from superadmin (BAD_REQUEST), never the last admin. */
async function refuseRoleChange(tx: AuthedContext, user: User, role: Role): Promise<void> {
  if (user.id === tx.user.id) throw new AppError('CONFLICT', 'users.ownRole', {}, { role: 'users.ownRole' });
  if ((role === 'superadmin') !== (user.role === 'superadmin')) throw badField('role', 'users.superadminRoleFixed');
  await keepOneAdmin(tx.em, user);
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
  if (!others) throw new AppError('CONFLICT', 'users.lastAdmin', { name: user.fullName });
}

/**
 * The customer a new user belongs to: none for a superadmin, else the caller's (superadmin: the one named, which
 * exists).
 */
async function customerOfNewUser(tx: AuthedContext, input: TCreateUserInput): Promise<number | null> {
  if (input.role === 'superadmin') {
    if (input.customerId != null) throw badField('customerId', 'users.superadminNoCustomer');
    return null;
  }
  const customerId = targetCustomerId(tx, input.customerId);
  if (tenantId(tx) === null) await requireCustomer(tx.em, customerId);
  return customerId;
}

/** A primary team: a superadmin joins none (BAD_REQUEST); the customer's (NOT_FOUND otherwise), not archived. */
async function requirePrimaryTeam(em: EntityManager, teamId: number, customerId: number | null): Promise<void> {
  if (customerId === null) throw badField('teamId', 'users.superadminNoTeam');
  const team = await findOwned(em, Team, teamId, customerId, 'Team');
  refuseArchived(!!team.archivedAt, { record: 'Team', name: team.name }, 'teamId');
}

/**
 * The teams' own history says who joined and who left them (by name, as teams.service does) when a
 * user's primary team is set or moved.
 */
function auditTeamMove(
  tx: AuthedContext,
  user: PersonRef,
  from: number | null,
  to: number | null,
  customerId: number | null,
): void {
  if (from === to) return;
  const entry = (teamId: number, changes: Record<string, PersonRef[]>) =>
    recordAudit(tx, { action: 'update', entityType: 'Team', entityId: teamId, customerId, changes });
  if (from !== null) entry(from, { membersRemoved: [user] });
  if (to !== null) entry(to, { membersAdded: [user] });
}

/**
 * A new user (the caller's customer; superadmin: the one named, or none for a superadmin). With a
 * password, a usable account; without, an invitation e-mail with a link to choose one. Throws
 * FORBIDDEN, NOT_FOUND, BAD_REQUEST, CONFLICT (email taken, no free seat).
 */
export async function createUser(ctx: ServiceContext, input: TCreateUserInput): Promise<TUserDetail> {
  authorize(ctx, 'create', 'User');
  refuseSuperadminRole(ctx, input.role);
  const id = await withTransaction(ctx, async (tx) => {
    const customerId = await customerOfNewUser(tx, input);
    authorizeRecord(tx, 'create', 'User', { customerId, id: 0, teamId: input.teamId });

    await assertUnique(tx.em, uniqueEmail, { email: input.email });
    if (input.teamId !== null) await requirePrimaryTeam(tx.em, input.teamId, customerId);
    if (customerId !== null) await assertSeatsAvailable(tx.em, customerId, 1);

    if (input.password) await assertUncommonPassword(input.password, 'password', [input.email, input.fullName]);
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
    if (input.teamId !== null) {
      await moveMembership(tx, user.id, null, input.teamId);
      auditTeamMove(tx, { id: user.id, name: user.fullName }, null, input.teamId, customerId);
    }

    recordAudit(tx, {
      action: input.password ? 'create' : 'invite',
      entityType: 'User',
      entityId: user.id,
      customerId,
      changes: snapshot(user),
    });
    await tx.em.flush();

    // Without a password the user is invited: a link to choose one (7 days) goes out through the outbox.
    if (!input.password)
      await accountsOf(tx).sendInvitation(tx.em, user.email, mailLinkOf(tx), {
        id: tx.user.id,
        fullName: tx.user.fullName,
      });
    return user.id;
  });
  return getUser(ctx, { id });
}

/**
 * Change a user (with `version`: CONFLICT when changed since); a new primary team moves the membership.
 * The user's sessions pick up the change. Throws FORBIDDEN, NOT_FOUND, BAD_REQUEST, CONFLICT.
 */
export async function updateUser(ctx: ServiceContext, input: TUpdateUserInput): Promise<TUserDetail> {
  authorize(ctx, 'update', 'User');
  refuseSuperadminRole(ctx, input.role);
  await updateRecord(
    ctx,
    records,
    input.id,
    async (tx, user) => {
      if (input.role !== undefined && input.role !== user.role) {
        await refuseRoleChange(tx, user, input.role);
        user.role = input.role;
      }
      await assertUniqueChange(tx.em, uniqueEmail, user, input.email);
      if (input.email !== undefined) user.email = input.email;
      if (input.fullName !== undefined) user.fullName = input.fullName;
      if (input.language !== undefined) user.language = input.language;
      if (input.avatar !== undefined) user.avatar = input.avatar || null;
      if (input.teamId !== undefined && input.teamId !== (user.team?.id ?? null)) {
        if (input.teamId !== null) await requirePrimaryTeam(tx.em, input.teamId, user.customer?.id ?? null);
        await moveMembership(tx, user.id, user.team?.id ?? null, input.teamId);
        auditTeamMove(
          tx,
          { id: user.id, name: user.fullName },
          user.team?.id ?? null,
          input.teamId,
          user.customer?.id ?? null,
        );
        tx.em.assign(user, { team: input.teamId });
      }
    },
    input.version,
  );
  return getUser(ctx, input);
}

/**
 * Active again (from inactive or pending); counts against the license's seats. Throws FORBIDDEN, NOT_FOUND, CONFLICT.
 */
export async function activateUser(ctx: ServiceContext, input: { id: number }): Promise<TUserDetail> {
  authorize(ctx, 'update', 'User');
  await withTransaction(ctx, async (tx) => {
    const user = await loadForWrite(tx, records, input.id, 'update');
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
  return getUser(ctx, input);
}

/** Inactive: cannot sign in, sessions end now, the seat is freed. Throws FORBIDDEN, NOT_FOUND, CONFLICT. */
export async function deactivateUser(ctx: ServiceContext, input: { id: number }): Promise<TUserDetail> {
  authorize(ctx, 'update', 'User');
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, User, input.id); // the user's row, then (keepOneAdmin) the customer's: one order
    const user = await loadForWrite(tx, records, input.id, 'update');
    if (user.id === tx.user.id) throw new AppError('CONFLICT', 'users.ownDeactivation');
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
  return getUser(ctx, input);
}

/** Sign the user out everywhere now (a lost phone, a shared computer). Throws FORBIDDEN, NOT_FOUND. */
export async function endUserSessions(ctx: ServiceContext, input: { id: number }): Promise<{ id: number }> {
  authorize(ctx, 'update', 'User');
  return withTransaction(ctx, async (tx) => {
    const user = await loadForWrite(tx, records, input.id, 'update');
    await accountsOf(tx).revoke(tx.em, user.id);
    recordAudit(tx, {
      action: 'sessions_ended',
      entityType: 'User',
      entityId: user.id,
      customerId: user.customer?.id ?? null,
      changes: { by: 'administrator' },
    });
    await tx.em.flush();
    return { id: user.id };
  });
}

/**
 * Set a new password (ending the user's sessions), or e-mail them a reset link (CONFLICT for a
 * deactivated account). Throws FORBIDDEN, NOT_FOUND, CONFLICT.
 */
export async function adminResetPassword(
  ctx: ServiceContext,
  input: TAdminResetPasswordInput,
): Promise<{ id: number; mode: 'set' | 'email' }> {
  authorize(ctx, 'update', 'User');
  return withTransaction(ctx, async (tx) => {
    const user = await loadForWrite(tx, records, input.id, 'update');
    const customerId = user.customer?.id ?? null;
    if (input.password) {
      // Not a change of the record an admin may be editing (the user dialog has no password): written
      // aside like a login or a reset link's use, so the user's version stays.
      // (SQL beside the ORM: a nativeUpdate would reach the loaded entity and its flush move the version.)
      await assertUncommonPassword(input.password, 'password', [user.email, user.fullName]);
      const passwordHash = await hashPassword(input.password);
      await db(tx.em)
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
        .where('id', '=', user.id)
        .execute();
      const changes = { mode: 'set' };
      recordAudit(tx, { action: 'password_reset', entityType: 'User', entityId: user.id, customerId, changes });
      await tx.em.flush();
      await accountsOf(tx).revoke(tx.em, user.id);
      return { id: user.id, mode: 'set' as const };
    }

    if (user.status === 'inactive') throw new AppError('CONFLICT', 'users.resetLinkInactive');
    const changes = { mode: 'email' };
    recordAudit(tx, { action: 'password_reset', entityType: 'User', entityId: user.id, customerId, changes });
    await tx.em.flush();
    await accountsOf(tx).sendPasswordLink(tx.em, user.email, mailLinkOf(tx));
    return { id: user.id, mode: 'email' as const };
  });
}

/**
 * Erase an account nothing points at (teams it leads…); otherwise CONFLICT — deactivate it instead.
 * The database refuses (teams' lead columns are ON DELETE RESTRICT); the user's own sessions,
 * memberships and personal records go with it (cascade). Throws FORBIDDEN, NOT_FOUND, CONFLICT.
 */
export async function deleteUser(ctx: ServiceContext, input: { id: number }): Promise<TDeleted> {
  authorize(ctx, 'delete', 'User');
  const { id } = input;
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, User, id); // the user's row, then (keepOneAdmin) the customer's: one order
    const user = await loadForWrite(tx, records, id, 'delete');
    if (user.id === tx.user.id) throw new AppError('CONFLICT', 'users.ownDeletion');

    await keepOneAdmin(tx.em, user);

    await deleteOrExplain(tx.em, User, id, {
      what: { record: 'User', name: user.email },
      hint: 'users.deactivateInstead',
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
  return { id, deleted: true };
}

/**
 * Send a new invitation (a new 7-day link; the pending one stops working) to a user who never signed in.
 * Throws FORBIDDEN, NOT_FOUND, CONFLICT (signed in already, or deactivated).
 */
export async function resendInvitation(ctx: ServiceContext, input: { id: number }): Promise<TUserDetail> {
  authorize(ctx, 'update', 'User');
  await withTransaction(ctx, async (tx) => {
    // 1. guard: a user the caller may update, who never signed in and may sign in
    const user = await loadVisible(tx, input.id, 'update');
    if (user.lastLoginAt || user.status === 'inactive') throw new AppError('CONFLICT', 'users.notInvitable');
    // 2. write and notify: the new link, by e-mail
    await accountsOf(tx).sendInvitation(tx.em, user.email, mailLinkOf(tx), {
      id: tx.user.id,
      fullName: tx.user.fullName,
    });
    // 3. audit
    recordAudit(tx, {
      action: 'invite',
      entityType: 'User',
      entityId: user.id,
      customerId: user.customer?.id ?? null,
      changes: { invitation: { from: null, to: 'sent' } },
    });
  });
  return getUser(ctx, input);
}

/** Revoke a user's pending invitation: its link stops working. Throws FORBIDDEN, NOT_FOUND, CONFLICT (none pending). */
export async function revokeInvitation(ctx: ServiceContext, input: { id: number }): Promise<TUserDetail> {
  authorize(ctx, 'update', 'User');
  await withTransaction(ctx, async (tx) => {
    const user = await loadVisible(tx, input.id, 'update');
    const revoked = await accountsOf(tx).revokeInvitations(tx.em, user.id);
    if (!revoked) throw new AppError('CONFLICT', 'users.noPendingInvitation');
    recordAudit(tx, {
      action: 'revoke',
      entityType: 'User',
      entityId: user.id,
      customerId: user.customer?.id ?? null,
      changes: { invitation: { from: 'pending', to: 'revoked' } },
    });
  });
  return getUser(ctx, input);
}
