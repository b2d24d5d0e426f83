// Transports only check that a caller is signed in, so every service function they reach (its first
// parameter is the ServiceContext `ctx`) must authorize before it touches the database.
import { describe, expect, it } from 'vitest';
import { createAbility } from '../../shared/abilities/index.ts';
import { AppError } from '../lib/app-error.ts';
import type { ServiceContext, SessionUser } from '../lib/context.ts';

const modules = import.meta.glob<Record<string, unknown>>(
  '../domains/{apps,organization,structure,platform,workflow}/*/*.service.ts',
  { eager: true },
);

/**
 * Personal data of the caller (notifications, their own account): signing in is the whole check. The record search reads only through
 * other domains' list services, picked by the caller's read abilities, and each of them authorizes.
 */
const SIGNED_IN_ONLY = new Set([
  'listNotifications',
  'countUnread',
  'markNotification',
  'markAllRead',
  'searchRecords',
  'getAccount',
  'getAccountProfile',
  'updateAccount',
  'changePassword',
  'listSessions',
  'revokeSession',
  'updateNotificationPreferences',
  'revokeOtherSessions',
  'twoFactorStatus',
  'setupTwoFactor',
  'enableTwoFactor',
  'disableTwoFactor',
  'regenerateRecoveryCodes',
  'listPasskeys',
  'passkeyRegistrationOptions',
  'registerPasskey',
  'renamePasskey',
  'removePasskey',
  'getPreferences',
  'setPreferences',
]);

/** Exported functions whose first parameter is `ctx`: the service entry points. */
const entryPoints = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, (...args: unknown[]) => unknown] => typeof entry[1] === 'function')
    .filter(([, fn]) => /^(async\s*)?(function\s*\*?\s*\w*\s*)?\(\s*ctx\b/.test(fn.toString()))
    .map(([name, fn]) => ({ name: `${file.split('/').pop()} ${name}`, bare: name, fn })),
);

const untouchable = new Proxy(
  {},
  {
    get(_target, key) {
      throw new Error(`touched ctx.em.${String(key)} before authorizing`);
    },
  },
);

const someone: SessionUser = {
  id: 999_999,
  email: 'nobody@example.com',
  fullName: 'Nobody',
  role: 'client',
  customerId: 999_999,
  customerCode: 'NONE',
  language: 'en',
  teamIds: [],
  sessionId: 999_999,
};

/** The AppError code the call fails with ('OK' if it gets through), running generators to their first step. */
async function outcome(fn: (...args: unknown[]) => unknown, ctx: ServiceContext): Promise<string> {
  try {
    const result = fn(ctx, {}, { baseUrl: '' }) as { next?: () => Promise<unknown> } | Promise<unknown>;
    if (result && typeof (result as AsyncGenerator)[Symbol.asyncIterator] === 'function')
      await (result as AsyncGenerator).next();
    else await result;
    return 'OK';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe('every service entry point authorizes first', () => {
  it('finds the service entry points', () => {
    expect(entryPoints.length).toBeGreaterThan(60);
  });

  it.each(entryPoints)('$name refuses a signed-out caller', async ({ fn }) => {
    expect(await outcome(fn, { em: untouchable as never, user: null, ability: createAbility([]) })).toBe(
      'UNAUTHORIZED',
    );
  });

  it.each(entryPoints.filter((e) => !SIGNED_IN_ONLY.has(e.bare)))(
    '$name refuses a caller whose ability allows nothing',
    async ({ fn }) => {
      expect(await outcome(fn, { em: untouchable as never, user: someone, ability: createAbility([]) })).toBe(
        'FORBIDDEN',
      );
    },
  );
});
