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

export interface ServiceContext {
  em: EntityManager;
  user: SessionUser | null;
  ability: AppAbility;
  /** Client IP, for audit and rate limits. */
  ip?: string;
  /** Where the caller reached the app (`https://host`), for links in e-mails; absent outside HTTP. */
  origin?: string;
}

export interface AuthedContext extends ServiceContext {
  user: SessionUser;
}
