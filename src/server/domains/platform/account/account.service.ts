// The caller's own account (account settings): profile, password, sign-in sessions and the
// kinds of notifications they do not want. Every function acts on `ctx.user` only, so no role rule is
// needed beyond being signed in; another user's session is NOT_FOUND.
import { sql } from 'kysely';
import type { LanguageCode } from '../../../../shared/constants/ui.ts';
import type {
  NotificationKind,
  TAccount,
  TAccountProfile,
  TAccountSession,
  TChangePasswordInput,
  TNotificationPreferencesInput,
  TTeamPlace,
  TUpdateAccountInput,
} from '../../../../shared/schemas/account.ts';
import { NOTIFICATION_KINDS } from '../../../../shared/schemas/account.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { recordSecurityEvent, recordUpdate } from '../../../lib/audit/audit.ts';
import { requireUser } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { assertUncommonPassword, hashPassword, verifyPassword } from '../../../lib/password.ts';
import { projectsInvolving } from '../../workflow/projects/projects.refs.ts';
import { countApprovedTasksOf, taskCountsByProject } from '../../workflow/tasks/tasks.refs.ts';
import { endOtherSessionsOf, endSessionOf, liveSessionsOf, signInChanged } from '../auth/auth.refs.ts';

/** The avatar is kept on the user as the path of its file in the files API. */
const AVATAR_PATH = /^\/api\/files\/(\d+)$/;
export const avatarPath = (fileId: number) => `/api/files/${fileId}`;

function avatarFileId(avatar: string | null | undefined): number | null {
  const m = avatar ? AVATAR_PATH.exec(avatar) : null;
  return m ? Number(m[1]) : null;
}

function muted(value: unknown): NotificationKind[] {
  return Array.isArray(value) ? NOTIFICATION_KINDS.filter((k) => value.includes(k)) : [];
}

interface UserRow {
  id: number;
  email: string;
  full_name: string;
  role: string;
  language: string;
  avatar: string | null;
  muted_notifications: string[];
  version: number;
}

function toAccount(u: UserRow): TAccount {
  return {
    id: u.id,
    email: u.email,
    fullName: u.full_name,
    role: u.role,
    language: u.language as LanguageCode,
    avatarFileId: avatarFileId(u.avatar),
    mutedNotifications: muted(u.muted_notifications),
    version: u.version,
  };
}

// The user's row is read and written through the typed read layer: the users table belongs to the
// organization context, whose entity this context does not import.
async function me(ctx: AuthedContext): Promise<UserRow> {
  const user = await db(ctx.em)
    .selectFrom('users')
    .select(['id', 'email', 'full_name', 'role', 'language', 'avatar', 'muted_notifications', 'version'])
    .where('id', '=', ctx.user.id)
    .executeTakeFirst();
  if (!user) throw new AppError('UNAUTHORIZED', 'common.signIn');
  return user;
}

/** Write `changes` to the caller's row if it is still at `version`; the row after, or CONFLICT. */
async function writeMe(
  ctx: AuthedContext,
  version: number,
  changes: { full_name?: string; language?: string; avatar?: string | null; muted_notifications?: string[] },
): Promise<UserRow> {
  const row = await db(ctx.em)
    .updateTable('users')
    .set({ ...changes, version: sql<number>`version + 1`, updated_at: new Date() })
    .where('id', '=', ctx.user.id)
    .where('version', '=', version)
    .returning(['id', 'email', 'full_name', 'role', 'language', 'avatar', 'muted_notifications', 'version'])
    .executeTakeFirst();
  if (!row) throw new AppError('CONFLICT', 'account.changedElsewhere');
  return row;
}

/** account.get */
export async function getAccount(ctx: ServiceContext): Promise<TAccount> {
  requireUser(ctx);
  return toAccount(await me(ctx));
}

/**
 * account.profile: what the profile page says about the caller (any signed-in user, about themselves only):
 * name, e-mail, role, status, language, when they joined, their customer's city and country, their active
 * teams with each team's member count and their place in it, the projects they take part in with their
 * progress, and how many of their tasks were approved.
 */
export async function getAccountProfile(ctx: ServiceContext): Promise<TAccountProfile> {
  requireUser(ctx);
  const k = db(ctx.em);
  const [user, teams, projects, tasksCompleted] = await Promise.all([
    k
      .selectFrom('users as u')
      .leftJoin('customers as c', 'c.id', 'u.customer_id')
      .select(['u.full_name', 'u.email', 'u.role', 'u.status', 'u.language', 'u.created_at', 'c.country', 'c.city'])
      .where('u.id', '=', ctx.user.id)
      .executeTakeFirst(),
    k
      .selectFrom('team_members as mine')
      .innerJoin('teams as t', 't.id', 'mine.team_id')
      .innerJoin('team_members as m', 'm.team_id', 't.id')
      .select([
        't.id',
        't.name',
        't.description',
        sql<number>`count(*)::int`.as('members'),
        sql<TTeamPlace>`case when t.floor_manager_id = ${ctx.user.id} then 'floorManager'
          when t.team_leader_id = ${ctx.user.id} then 'teamLeader' else 'member' end`.as('role'),
      ])
      .where('mine.user_id', '=', ctx.user.id)
      .where('t.active', '=', true)
      .where('t.archived_at', 'is', null)
      .groupBy(['t.id', 't.name', 't.description', 't.floor_manager_id', 't.team_leader_id'])
      .orderBy('t.name')
      .execute(),
    projectsInvolving(ctx.em, ctx.user.id),
    countApprovedTasksOf(ctx.em, ctx.user.id),
  ]);
  if (!user) throw new AppError('UNAUTHORIZED', 'common.signIn');
  const progress = await taskCountsByProject(
    ctx.em,
    projects.map((p) => p.id),
  );
  const counted = new Map<number, { tasks: number; approved: number }>();
  for (const row of progress) {
    const sums = counted.get(row.projectId) ?? { tasks: 0, approved: 0 };
    if (row.status !== 'cancelled') sums.tasks += row.n;
    if (row.status === 'approved') sums.approved += row.n;
    counted.set(row.projectId, sums);
  }
  return {
    fullName: user.full_name,
    email: user.email,
    role: user.role,
    status: user.status,
    language: user.language as LanguageCode,
    joinedAt: new Date(user.created_at).toISOString(),
    country: user.country ?? null,
    city: user.city ?? null,
    teams: teams.map((team) => ({ ...team, description: team.description ?? null })),
    projects: projects.map((project) => {
      const { tasks, approved } = counted.get(project.id) ?? { tasks: 0, approved: 0 };
      return { ...project, tasks, approved, completion: tasks > 0 ? Math.round((1000 * approved) / tasks) / 10 : null };
    }),
    tasksCompleted,
  };
}

/** account.update: name, language and avatar (an image the caller uploaded). Throws CONFLICT on a stale version. */
export async function updateAccount(ctx: ServiceContext, input: TUpdateAccountInput): Promise<TAccount> {
  requireUser(ctx);
  const user = await me(ctx);
  if (input.version !== undefined && input.version !== user.version) {
    throw new AppError('CONFLICT', 'account.changedElsewhere');
  }
  if (input.avatarFileId !== null) {
    const file = await db(ctx.em)
      .selectFrom('files')
      .select(['owner_id', 'mime_type'])
      .where('id', '=', input.avatarFileId)
      .executeTakeFirst();
    // Only an image the caller uploaded: anything else is as if it did not exist.
    if (!file || file.owner_id !== ctx.user.id)
      throw new AppError('BAD_REQUEST', 'account.avatarNotYours', {}, { avatarFileId: 'account.avatarNotYoursField' });
    if (!file.mime_type.startsWith('image/'))
      throw new AppError('BAD_REQUEST', 'account.avatarNotImage', {}, { avatarFileId: 'account.avatarNotImageField' });
  }
  const avatar = input.avatarFileId === null ? null : avatarPath(input.avatarFileId);
  const after = await writeMe(ctx, user.version, { full_name: input.fullName, language: input.language, avatar });
  recordUpdate(
    ctx,
    { entityType: 'User', entityId: user.id, customerId: ctx.user.customerId },
    { fullName: user.full_name, language: user.language, avatar: user.avatar },
    { fullName: after.full_name, language: after.language, avatar: after.avatar },
  );
  await ctx.em.flush();
  return toAccount(after);
}

/**
 * account.changePassword: the current password proves it is the owner; every other session of the
 * user ends (a stolen session does not survive the change), this one stays signed in, and the owner is
 * told by e-mail.
 */
export async function changePassword(
  ctx: ServiceContext,
  input: TChangePasswordInput,
): Promise<{ changed: true; otherSessionsEnded: number }> {
  requireUser(ctx);
  const user = await db(ctx.em)
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('id', '=', ctx.user.id)
    .executeTakeFirst();
  if (!user) throw new AppError('UNAUTHORIZED', 'common.signIn');
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', 'account.wrongPassword', {}, { currentPassword: 'account.wrongPasswordField' });
  }
  await assertUncommonPassword(input.newPassword, 'newPassword', [ctx.user.email, ctx.user.fullName]);
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await ctx.em.transactional(async (em) => {
    await db(em)
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    const count = await endOtherSessionsOf(em, user.id, ctx.user.sessionId);
    await signInChanged(em, ctx, 'passwordChanged', { changes: { otherSessionsEnded: count } });
    return count;
  });
  return { changed: true, otherSessionsEnded: ended };
}

/** "Chrome on Windows" from a user agent; null when nothing is recognised. */
export function describeDevice(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /(Chrome|Chromium|HeadlessChrome)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl\//i.test(ua)
              ? 'curl'
              : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}

/** account.sessions: the caller's live sessions (not ended, not expired), the most recently used first. */
export async function listSessions(ctx: ServiceContext): Promise<TAccountSession[]> {
  requireUser(ctx);
  const rows = await liveSessionsOf(ctx.em, ctx.user.id);
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.userAgent),
    ip: r.ip,
    signedInAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
    expiresAt: r.expiresAt,
    current: r.id === ctx.user.sessionId,
  }));
}

/** account.revokeSession: end one of the caller's sessions; it is signed out on its next request. */
export async function revokeSession(
  ctx: ServiceContext,
  input: { id: number },
): Promise<{ revoked: true; current: boolean }> {
  requireUser(ctx);
  if (!(await endSessionOf(ctx.em, ctx.user.id, input.id))) throw notFound('Session');
  await sessionsEnded(ctx, { sessionId: input.id });
  return { revoked: true, current: input.id === ctx.user.sessionId };
}

/** account.revokeOtherSessions: sign out every device but this one. */
export async function revokeOtherSessions(ctx: ServiceContext): Promise<{ revoked: number }> {
  requireUser(ctx);
  const revoked = await endOtherSessionsOf(ctx.em, ctx.user.id, ctx.user.sessionId);
  await sessionsEnded(ctx, { count: revoked });
  return { revoked };
}

function sessionsEnded(ctx: AuthedContext, changes: Record<string, unknown>): Promise<void> {
  return recordSecurityEvent(ctx.em, {
    action: 'sessions_ended',
    userId: ctx.user.id,
    customerId: ctx.user.customerId,
    actor: { id: ctx.user.id, email: ctx.user.email },
    changes,
  });
}

/** account.updateNotificationPreferences: the kinds of in-app notifications the caller does not want. */
export async function updateNotificationPreferences(
  ctx: ServiceContext,
  input: TNotificationPreferencesInput,
): Promise<TAccount> {
  requireUser(ctx);
  const user = await me(ctx);
  const after = await writeMe(ctx, user.version, {
    muted_notifications: NOTIFICATION_KINDS.filter((k) => input.muted.includes(k)),
  });
  recordUpdate(
    ctx,
    { entityType: 'User', entityId: user.id, customerId: ctx.user.customerId },
    { mutedNotifications: muted(user.muted_notifications) },
    { mutedNotifications: muted(after.muted_notifications) },
  );
  await ctx.em.flush();
  return toAccount(after);
}
