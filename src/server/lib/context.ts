// What every service function receives: the request's EntityManager, the caller and their ability.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppAbility } from '../../shared/abilities/index.ts';
import type { Role } from '../../shared/constants/roles.ts';
import type { FileStorage } from './file-storage.ts';
import type { SignalHub } from './signals.ts';

export interface SessionUser {
  id: number;
  email: string;
  fullName: string;
  role: Role;
  customerId: number | null;
  customerCode: string | null;
  language: string;
  teamIds: number[];
  sessionId: number;
  /**
   * Set when an API key made the request (/api/v1): the key acts as its role in its customer on behalf
   * of its creator (`id`), and the audit trail names the key. `sessionId` is 0 then.
   */
  apiKey?: { id: number; name: string };
  /**
   * The customer's policy requires a second factor of this user, the grace period is over and they have
   * none: they may reach only enrolment (lib/two-factor-gate.ts refuses everything else).
   */
  twoFactorBlocked?: boolean;
}

/** Where queued e-mail goes: the app's outbox (platform/outbox's `Outbox` has this shape). */
export interface MailOutbox {
  queueEmail(
    em: EntityManager,
    mail: {
      to: string;
      subject: string;
      body: string;
      html?: string | null;
      kind: string;
      language?: string;
      userId?: number | null;
      customerId?: number | null;
    },
  ): Promise<void>;
}

/** How an e-mailed link goes out: starting with PUBLIC_URL (never the request's Host), through the app's outbox. */
export interface MailLink {
  baseUrl: string;
  outbox: MailOutbox;
}

/**
 * What organization's users and teams need from sign-in sessions, which platform/auth owns: end a
 * user's sessions, e-mail a link to choose a password. app.ts builds
 * it from auth's functions; it reaches services in their context (platform depends on organization,
 * never the reverse).
 */
export interface AccountSessions {
  /** End every session of the user now (deactivation, a password set by an administrator). */
  revoke(em: EntityManager, userId: number): Promise<void>;
  /** E-mail the user a link to choose a password (a reset asked by an administrator). */
  sendPasswordLink(em: EntityManager, email: string, link: MailLink): Promise<void>;
  /** E-mail an invitation: a single-use link valid 7 days to choose a password (pending ones are revoked). */
  sendInvitation(
    em: EntityManager,
    email: string,
    link: MailLink,
    invitedBy: { id: number; fullName: string },
  ): Promise<void>;
  /** Revoke the user's pending invitations; returns how many. */
  revokeInvitations(em: EntityManager, userId: number): Promise<number>;
}

/** Background work on the PostgreSQL queue (pg-boss): a job sent once the caller's change is committed. */
export interface JobSender {
  send(queue: string, data: { id: number }): Promise<void>;
}

export interface ServiceContext {
  em: EntityManager;
  user: SessionUser | null;
  ability: AppAbility;
  /** Client IP, for audit and rate limits. */
  ip?: string;
  /**
   * The address users reach the app at (PUBLIC_URL, no trailing slash): every link in an e-mail starts
   * with it, never with the request's Host header, which a client chooses. Absent outside the app.
   */
  publicUrl?: string;
  /** The app's outbox, for services that e-mail (invitations, password links); absent outside HTTP. */
  outbox?: MailOutbox;
  /** Sign-in sessions as organization may act on them; absent outside the app (see app.ts). */
  accounts?: AccountSessions;
  /** Where uploaded files are kept (disk or S3, see config.files); absent outside the app. */
  fileStorage?: FileStorage;
  /** Live signals between processes (LISTEN/NOTIFY, see lib/signals.ts); absent outside the app. */
  signals?: SignalHub;
  /** SECRETS_KEY: encrypts secrets kept in the database (webhook signing secrets); absent or null: kept readable. */
  secretsKey?: Buffer | null;
  /** The app's job queue (imports run there); absent outside the app. */
  jobs?: JobSender;
  /** Webhooks may target private networks (WEBHOOKS_ALLOW_PRIVATE_TARGETS); false when absent. */
  allowPrivateWebhookTargets?: boolean;
  /** What single sign-on needs of the configuration; absent outside the app. */
  sso?: SsoSettings;
}

/** SECRETS_KEY (null when unset: single sign-on cannot be configured) and SSO_ALLOW_INSECURE_ISSUER. */
export interface SsoSettings {
  secretsKey: Buffer | null;
  /** Accept issuers on plain http or loopback addresses (tests and local providers only). */
  allowInsecureIssuer: boolean;
}

export interface AuthedContext extends ServiceContext {
  user: SessionUser;
}
