// Sign-in, sessions and password flows. Called by the auth tRPC router and the REST login route (what a
// request's session token stands for is session.resolve.ts's, for the session plugin). Throws AppError BAD_REQUEST (with field errors), UNAUTHORIZED, NOT_FOUND.
// Public flows (register, forgot password) answer alike for known and unknown addresses.
// Accounts are organization's: read and written through users.refs.ts and customers.refs.ts as plain
// data. E-mail goes through the app's outbox (`request.server.outbox`), which stores and reports it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { type AppRule, defineRulesFor } from '../../../../shared/abilities/index.ts';
import type { ErrorKey } from '../../../../shared/errors/messages.ts';
import type {
  TForgotPasswordInput,
  TLoginInput,
  TRegisterInput,
  TResetPasswordInput,
  TUserData,
} from '../../../../shared/schemas/auth.ts';
import { TWO_FACTOR_REQUIRED } from '../../../../shared/schemas/two-factor.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordSecurityEvent } from '../../../lib/audit/audit.ts';
import type { MailLink, SessionUser } from '../../../lib/context.ts';
import {
  assertUncommonPassword,
  dummyPasswordHash,
  hashPassword,
  newToken,
  sha256,
  verifyPassword,
} from '../../../lib/password.ts';
import { findCustomerByCode } from '../../organization/customers/customers.refs.ts';
import { assertSignInLicensed } from '../../organization/licenses/licenses.refs.ts';
import {
  type Account,
  accountById,
  findAccountByEmail,
  findSignInAccount,
  markSignedIn,
  registerPendingUser,
  setPasswordHash,
  teamIdsOfUser,
} from '../../organization/users/users.refs.ts';
import { renderMail } from '../mail/mail.refs.ts';
import { passkeyCount } from './passkeys.ts';
import { hasTwoFactor, useSecondFactor } from './second-factor.ts';
import { PasswordReset, Session } from './session.entity.ts';
import { REMEMBERED_IDLE_MINUTES } from './session.resolve.ts';
import { ssoEnforcedFor } from './sso.refs.ts';

const REMEMBER_MS = 30 * 24 * 3600_000;
/** SESSION_IDLE_MINUTES's default (config.ts), for callers that do not pass it. */
const DEFAULT_IDLE_MINUTES = 120;
const RESET_TTL_MS = 60 * 60_000;
/** An invitation's link is valid for 7 days. */
const INVITATION_TTL_MS = 7 * 86_400_000;

export interface LoginResult {
  accessToken: string;
  csrfToken: string;
  expiresAt: Date;
  remember: boolean;
  userData: TUserData;
  userAbilityRules: AppRule[];
}

/** A refused sign-in, on the `email` field (by default: the same answer for a wrong address or password). */
function invalid(key: ErrorKey = 'auth.invalidCredentials'): AppError {
  return new AppError('BAD_REQUEST', key, {}, { email: key });
}

export function toUserData(account: Account): TUserData {
  return {
    id: account.id,
    fullName: account.fullName,
    username: account.email.split('@')[0],
    email: account.email,
    role: account.role,
    role_name: account.role,
    customerId: account.customer?.id ?? null,
    customerCode: account.customer?.code ?? null,
    language: account.language,
    avatar: account.avatar ?? null,
  };
}

export interface SignInMeta {
  ip?: string;
  userAgent?: string;
  sessionTtlMs: number;
  /** SESSION_IDLE_MINUTES: a session without "remember me" ends when unused this long. */
  sessionIdleMinutes?: number;
  /** SECRETS_KEY, to read TOTP keys stored encrypted. */
  secretsKey?: Buffer | null;
}

/** A refused sign-in of a known account, in its security events (who tried is not known: no actor). */
export async function refused(em: EntityManager, user: Account, reason: string, meta: SignInMeta): Promise<void> {
  await recordSecurityEvent(em.fork(), {
    action: 'sign_in_failed',
    userId: user.id,
    customerId: user.customer?.id ?? null,
    actor: null,
    changes: { reason, ip: meta.ip ?? null },
  });
}

/** Check credentials (and the second factor when the account has one), open a session and return what the client keeps. */
export async function login(em: EntityManager, input: TLoginInput, meta: SignInMeta): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const user = await findSignInAccount(em, email);
  if (!user) {
    await verifyPassword(await dummyPasswordHash(), input.password);
    throw invalid();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await refused(em, user, 'password', meta);
    throw invalid();
  }
  await assertMaySignIn(em, user, meta);
  if (await ssoEnforcedFor(em, email)) {
    await refused(em, user, 'sso_enforced', meta);
    throw invalid('auth.ssoEnforced');
  }
  let secondFactor: 'totp' | 'recovery' | null = null;
  if (await hasTwoFactor(em, user.id)) {
    if (!input.otp) throw new AppError('UNAUTHORIZED', 'auth.twoFactorRequired').because(TWO_FACTOR_REQUIRED);
    secondFactor = await useSecondFactor(em, user.id, input.otp, meta.secretsKey);
    if (!secondFactor) {
      await refused(em, user, 'code', meta);
      throw new AppError('BAD_REQUEST', 'auth.invalidCode', {}, { otp: 'auth.invalidCode' });
    }
  } else if ((await passkeyCount(em, user.id)) > 0) {
    // The account's second factor is a passkey: signing in with it proves both.
    throw new AppError('UNAUTHORIZED', 'auth.passkeyRequired').because(TWO_FACTOR_REQUIRED);
  }
  return openSession(em, user, { ...meta, remember: input.remember ?? false, method: 'password', secondFactor });
}

/** An account that proved who it is may sign in only while active, its customer not suspended, licensed. */
export async function assertMaySignIn(em: EntityManager, user: Account, meta: SignInMeta): Promise<void> {
  if (user.status === 'pending') throw invalid('auth.pending');
  if (user.status === 'inactive') {
    await refused(em, user, 'inactive', meta);
    throw invalid('auth.inactive');
  }
  if (user.customer?.status === 'suspended') throw invalid('auth.suspended');
  await assertSignInLicensed(em, user);
}

/**
 * The one door: every way in (password, passkey, single sign-on) ends here, with the account already
 * proven. Opens the session, records the sign-in and returns what the client keeps.
 */
export async function openSession(
  em: EntityManager,
  user: Account,
  meta: SignInMeta & {
    remember: boolean;
    method: string;
    secondFactor: string | null;
    /** The identity provider checked a second factor at this sign-in (its ID token's `amr`). */
    providerSecondFactor?: boolean;
  },
): Promise<LoginResult> {
  const accessToken = newToken();
  const csrfToken = newToken();
  const remember = meta.remember;
  const expiresAt = new Date(Date.now() + (remember ? REMEMBER_MS : meta.sessionTtlMs));
  await markSignedIn(em, user.id);
  em.create(Session, {
    tokenHash: sha256(accessToken),
    csrfToken,
    user: user.id,
    expiresAt,
    providerSecondFactor: meta.providerSecondFactor ?? false,
    idleMinutes: remember ? REMEMBERED_IDLE_MINUTES : (meta.sessionIdleMinutes ?? DEFAULT_IDLE_MINUTES),
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 400) ?? null,
  });
  await em.flush();
  await recordSecurityEvent(em, {
    action: 'sign_in',
    userId: user.id,
    customerId: user.customer?.id ?? null,
    actor: { id: user.id, email: user.email },
    changes: { method: meta.method, secondFactor: meta.secondFactor, ip: meta.ip ?? null },
  });
  const teamIds = await teamIdsOfUser(em, user.id);
  return {
    accessToken,
    csrfToken,
    expiresAt,
    remember,
    userData: toUserData(user),
    userAbilityRules: defineRulesFor({ id: user.id, role: user.role, customerId: user.customer?.id ?? null, teamIds }),
  };
}

/** Revoke one session (logout). */
export async function logout(em: EntityManager, sessionId: number): Promise<void> {
  await em.nativeUpdate(Session, { id: sessionId, revokedAt: null }, { revokedAt: new Date() });
}

/** Revoke every session of a user (deactivation, password change). */
export async function revokeUserSessions(em: EntityManager, userId: number): Promise<void> {
  await em.nativeUpdate(Session, { user: userId, revokedAt: null }, { revokedAt: new Date() });
}

/** The signed-in user's data and ability rules. */
export async function me(
  em: EntityManager,
  sessionUser: SessionUser,
): Promise<Omit<LoginResult, 'accessToken' | 'csrfToken' | 'expiresAt' | 'remember'>> {
  return {
    userData: toUserData(await accountById(em, sessionUser.id)),
    userAbilityRules: defineRulesFor(sessionUser),
  };
}

/**
 * Self-registration: a pending `businessuser` of the customer named by its code. An administrator
 * activates the account; until then sign-in says so. Answers the same whether the address is new or
 * already has an account (no enumeration): for a taken address nothing is created and, when `notify`
 * allows, its owner gets an e-mail (through `outbox`) saying someone tried. Concurrent calls with one
 * address never fail (the unique index decides; the losers are answered as for a taken address). An
 * unknown or inactive customer code gets the same answer, after the same work, and creates nothing.
 */
export async function register(
  em: EntityManager,
  input: TRegisterInput,
  opts: MailLink & { notify: boolean },
): Promise<{ status: 'pending' }> {
  const customer = await findCustomerByCode(em, input.customerCode);
  await assertUncommonPassword(input.password, 'password', [input.email, input.fullName]);
  // The same work either way: hash the password, then let the insert find out whether the address is
  // taken. An unknown or inactive code is answered like a known one (codes cannot be enumerated): the
  // hash is made and thrown away, nothing is written.
  const passwordHash = await hashPassword(input.password);
  if (!customer || customer.status !== 'active') return { status: 'pending' };
  const outcome = await registerPendingUser(em, {
    customerId: customer.id,
    email: input.email,
    fullName: input.fullName,
    passwordHash,
  });
  if (outcome === 'created') return { status: 'pending' };
  if (opts.notify) {
    const owner = await findAccountByEmail(em, input.email);
    const mail = renderMail({
      kind: 'registrationAttempt',
      language: owner?.language,
      name: owner?.fullName,
      values: { email: input.email },
      link: `${opts.baseUrl}/login`,
    });
    await opts.outbox.queueEmail(em, {
      to: input.email,
      kind: 'registration-attempt',
      subject: mail.subject,
      body: mail.text,
      html: mail.html,
      language: mail.language,
      userId: owner?.id ?? null,
    });
    await em.flush();
  }
  return { status: 'pending' };
}

// Reset links are looked up and written after the answer, so the answer takes as long for an address
// without an account as for one with (no enumeration by timing). settleAccountMail() waits for them.
const pendingMail = new Set<Promise<void>>();

/** Resolves once every reset link queued so far is written (tests, graceful shutdown). */
export async function settleAccountMail(): Promise<void> {
  while (pendingMail.size > 0) await Promise.allSettled([...pendingMail]);
}

/**
 * The public "forgot password" request: always answers the same, at once. When `send` allows (the mail
 * limits), the reset link is written afterwards, through `outbox`, if the address has an account that
 * may sign in (forgotPassword); errors go to `onError`.
 */
export function requestPasswordReset(
  em: EntityManager,
  input: TForgotPasswordInput,
  opts: MailLink & { send: boolean; onError: (error: unknown) => void },
): { sent: true } {
  if (opts.send) {
    // Started on a later turn of the event loop, so it does not hold up the answer either.
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => forgotPassword(em.fork(), input, opts))
      .then(() => undefined, opts.onError);
    pendingMail.add(job);
    void job.finally(() => pendingMail.delete(job));
  }
  return { sent: true };
}

/**
 * Write a reset link to the outbox (stored in the caller's unit of work, and reported) when
 * `input.email` has an account that may sign in; nothing otherwise. Called after the answer by
 * requestPasswordReset, and by the users domain (invitations, an administrator's reset by e-mail).
 */
export async function forgotPassword(
  em: EntityManager,
  input: TForgotPasswordInput,
  links: MailLink,
): Promise<{ sent: true }> {
  const user = await findAccountByEmail(em, input.email);
  if (user && user.status !== 'inactive') {
    await em.transactional(async (tx) => {
      const token = await newPasswordToken(tx, user.id, 'reset', null);
      const mail = renderMail({
        kind: 'passwordReset',
        language: user.language,
        name: user.fullName,
        values: { minutes: RESET_TTL_MS / 60_000 },
        link: `${links.baseUrl}/reset-password?token=${token}`,
      });
      await links.outbox.queueEmail(tx, {
        to: user.email,
        kind: 'password-reset',
        subject: mail.subject,
        body: mail.text,
        html: mail.html,
        language: mail.language,
        userId: user.id,
      });
    });
  }
  return { sent: true };
}

/** A new single-use token to choose a password (its hash stored; the token itself goes in the e-mail). */
async function newPasswordToken(
  em: EntityManager,
  userId: number,
  purpose: 'reset' | 'invitation',
  invitedById: number | null,
): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + (purpose === 'invitation' ? INVITATION_TTL_MS : RESET_TTL_MS));
  await db(em)
    .insertInto('password_resets')
    .values({
      created_at: new Date(),
      updated_at: new Date(),
      token_hash: sha256(token),
      user_id: userId,
      expires_at: expiresAt,
      used_at: null,
      purpose,
      invited_by_id: invitedById,
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * Invite `email`'s account: revoke any invitation still pending and e-mail a new single-use link, valid 7
 * days, to choose a password (the reset-password page). In the caller's transaction.
 */
export async function sendInvitation(
  em: EntityManager,
  input: { email: string; invitedBy: { id: number; fullName: string } },
  links: MailLink,
): Promise<void> {
  const user = await findAccountByEmail(em, input.email);
  if (!user || user.status === 'inactive') return;
  await revokeInvitations(em, user.id);
  const token = await newPasswordToken(em, user.id, 'invitation', input.invitedBy.id);
  const customer = user.customer?.code ?? 'Opsdesk';
  const mail = renderMail({
    kind: 'invitation',
    language: user.language,
    name: user.fullName,
    values: { inviter: input.invitedBy.fullName, customer, days: INVITATION_TTL_MS / 86_400_000 },
    link: `${links.baseUrl}/reset-password?token=${token}`,
  });
  await links.outbox.queueEmail(em, {
    to: user.email,
    kind: 'invitation',
    subject: mail.subject,
    body: mail.text,
    html: mail.html,
    language: mail.language,
    userId: user.id,
    customerId: user.customer?.id ?? null,
  });
}

/** Revoke the user's pending invitations (their links stop working); returns how many. */
export async function revokeInvitations(em: EntityManager, userId: number): Promise<number> {
  const result = await db(em)
    .updateTable('password_resets')
    .set({ revoked_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'invitation')
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Use a reset token once: set the new password and end every session of that user. The token is
 * consumed by one conditional UPDATE whose returned row decides, so of concurrent uses exactly one
 * wins. Throws BAD_REQUEST (field `token`) for an unknown, used or expired token.
 */
export async function resetPassword(em: EntityManager, input: TResetPasswordInput): Promise<{ reset: true }> {
  await assertUncommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const userId = await em.transactional(async (tx) => {
    const consumed = await db(tx)
      .updateTable('password_resets')
      .set({ used_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('token_hash', '=', sha256(input.token))
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst();
    if (!consumed) return null;
    await setPasswordHash(tx, consumed.user_id, passwordHash);
    return consumed.user_id;
  });
  if (userId === null)
    throw new AppError('BAD_REQUEST', 'auth.invalidResetLink', {}, { token: 'auth.invalidResetLink' });
  await revokeUserSessions(em, userId);
  return { reset: true };
}

/** Whether a reset token exists, is unused and unexpired. */
export async function checkResetToken(em: EntityManager, token: string): Promise<{ valid: boolean }> {
  const reset = await em.findOne(PasswordReset, { tokenHash: sha256(token) });
  return { valid: !!reset && !reset.usedAt && !reset.revokedAt && reset.expiresAt.getTime() > Date.now() };
}
