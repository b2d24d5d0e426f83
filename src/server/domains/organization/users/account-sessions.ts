// What users and teams need from sign-in sessions, which platform/auth owns: end a user's sessions,
// forget what is cached about them, e-mail a link to choose a password. Platform depends on
// organization (auth reads users and their teams), never the reverse, so organization declares what it
// needs here and app.ts connects auth's functions when it builds the app. Edit with app.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MailOutbox } from '../../../lib/context.ts';

/** How an e-mailed link goes out: pointing at the origin the request came to, through that app's outbox. */
export interface LinkOptions {
  baseUrl: string;
  outbox: MailOutbox;
}

export interface AccountSessions {
  /** End every session of the user now (deactivation, a password set by an administrator). */
  revoke(em: EntityManager, userId: number): Promise<void>;
  /** Forget what is cached about the user's sessions, so a change to their role or teams applies at once. */
  forget(userId: number): void;
  /** E-mail the user a link to choose a password (an invitation, a reset asked by an administrator). */
  sendPasswordLink(em: EntityManager, email: string, links: LinkOptions): Promise<void>;
}

let connected: AccountSessions | null = null;

/** Called by buildApp (app.ts) with platform/auth's implementation, before any request. */
export function connectAccountSessions(sessions: AccountSessions): void {
  connected = sessions;
}

/** The connected implementation; throws when the app was not built through buildApp. */
export function accountSessions(): AccountSessions {
  if (!connected) throw new Error('Account sessions are not connected: buildApp (app.ts) connects them to platform/auth');
  return connected;
}
