import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../../db/base.entity.ts';
import { User } from '../../organization/users/user.entity.ts';

/** A signed-in session. Only the SHA-256 of the opaque token is stored. */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    ...baseProperties,
    tokenHash: p.string().length(64).unique(),
    csrfToken: p.string().length(64),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(400).nullable(),
    /** When a request last used it (kept to the minute; account settings lists it). */
    lastSeenAt: p.datetime().nullable(),
    /** Unused for this long (from `lastSeenAt`, else `createdAt`), it ends; null: no idle timeout (older sessions). */
    idleMinutes: p.integer().nullable(),
    /** Signed in through single sign-on whose provider checked a second factor (`amr`): the policy counts it. */
    providerSecondFactor: p.boolean().default(false),
  },
});

export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);

/**
 * A single-use token (hash only) to choose a password: a reset (60 minutes) or an invitation (7 days,
 * revocable by an administrator, who is remembered).
 */
export const PasswordResetSchema = defineEntity({
  name: 'PasswordReset',
  tableName: 'password_resets',
  properties: {
    ...baseProperties,
    tokenHash: p.string().length(64).unique(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    purpose: p.string().length(12).$type<'reset' | 'invitation'>().default('reset'),
    invitedById: p.integer().nullable(),
    revokedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['user', 'purpose'] }],
});

export class PasswordReset extends PasswordResetSchema.class {}
PasswordResetSchema.setClass(PasswordReset);
