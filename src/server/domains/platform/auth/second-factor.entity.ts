import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../../db/base.entity.ts';
import { User } from '../../organization/users/user.entity.ts';

/**
 * A user's TOTP key (RFC 6238). `enabledAt` null: set up but not confirmed by a code yet (sign-in does not
 * ask for it). `lastStep` is the last 30-second step whose code was accepted: a code of that step or an
 * earlier one is refused, so a code seen over someone's shoulder cannot be used again.
 */
export const UserTotpSchema = defineEntity({
  name: 'UserTotp',
  tableName: 'user_totp',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade').unique(),
    /** The base32 key, encrypted with SECRETS_KEY when it is set (v1:<nonce>:<tag>:<ciphertext>). */
    secret: p.string().length(200),
    enabledAt: p.datetime().nullable(),
    lastStep: p.bigint('number').nullable(),
  },
});

export class UserTotp extends UserTotpSchema.class {}
UserTotpSchema.setClass(UserTotp);

/** A single-use recovery code (argon2id hash only), written in tens when two-factor is turned on. */
export const RecoveryCodeSchema = defineEntity({
  name: 'RecoveryCode',
  tableName: 'recovery_codes',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    codeHash: p.string().length(200),
    usedAt: p.datetime().nullable(),
  },
});

export class RecoveryCode extends RecoveryCodeSchema.class {}
RecoveryCodeSchema.setClass(RecoveryCode);
