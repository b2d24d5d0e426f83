// What every service function receives: the request's EntityManager, the caller and their ability.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppAbility } from '../../shared/abilities/index.ts';
import type { Role } from '../../shared/constants/roles.ts';

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
}

/** Where queued e-mail goes: the app's outbox (platform/outbox's `Outbox` has this shape). */
export interface MailOutbox {
  queueEmail(em: EntityManager, mail: { to: string; subject: string; body: string; kind: string }): Promise<void>;
}

export interface ServiceContext {
  em: EntityManager;
  user: SessionUser | null;
  ability: AppAbility;
  /** Client IP, for audit and rate limits. */
  ip?: string;
  /** Where the caller reached the app (`https://host`), for links in e-mails; absent outside HTTP. */
  origin?: string;
  /** The app's outbox, for services that e-mail (invitations, password links); absent outside HTTP. */
  outbox?: MailOutbox;
}

export interface AuthedContext extends ServiceContext {
  user: SessionUser;
}
