// The first superadmin of a database that starts without demo data (SEED_DEMO=false): from
// ADMIN_EMAIL and ADMIN_PASSWORD, or, without a password, an account whose password is chosen through
// a one-time link (the password-reset page) printed in the server log.
import type { EntityManager } from '@mikro-orm/core';
import { User } from '../src/server/domains/organization/users/user.entity.ts';
import { PasswordReset } from '../src/server/domains/platform/auth/session.entity.ts';
import { hashPassword, newToken, sha256 } from '../src/server/lib/password.ts';

/** How long the one-time setup link stays valid. */
export const SETUP_LINK_TTL_MS = 24 * 3600_000;

export interface FirstAdmin {
  email: string;
  /** The one-time link that sets the password, when none was given. */
  setupLink?: string;
}

/** The e-mail of a first superadmin named by nobody: `admin@` the public host, or a reserved domain. */
export function defaultAdminEmail(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(host) ? `admin@${host}` : 'admin@opsdesk.invalid';
}

export async function createFirstAdmin(
  em: EntityManager,
  opts: { email?: string; password?: string; publicUrl: string },
): Promise<FirstAdmin> {
  const email = (opts.email ?? defaultAdminEmail(opts.publicUrl)).toLowerCase();
  const user = em.create(User, {
    customer: null,
    email,
    fullName: 'Administrator',
    role: 'superadmin',
    status: 'active',
    language: 'en',
    // Without a password, a random one nobody knows: the account signs in once the setup link sets its own.
    passwordHash: await hashPassword(opts.password ?? newToken()),
  });
  if (opts.password) {
    await em.flush();
    return { email };
  }
  const token = newToken();
  em.create(PasswordReset, {
    tokenHash: sha256(token),
    user,
    expiresAt: new Date(Date.now() + SETUP_LINK_TTL_MS),
  });
  await em.flush();
  return { email, setupLink: `${opts.publicUrl}/reset-password?token=${token}` };
}
