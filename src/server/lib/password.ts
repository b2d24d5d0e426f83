// Password hashing with argon2id (@node-rs/argon2) and opaque token helpers.
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { commonPasswordIssue } from '../../shared/password-strength.ts';
import { AppError } from './app-error.ts';

// OWASP's argon2id baseline (19 MiB, 2 passes); fast enough for the demo seed.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A random opaque token (256 bits, base64url). */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** A precomputed hash so that unknown emails cost the same time as wrong passwords. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return dummyHash;
}

/**
 * Refuse a new password found in the common-password lists (BAD_REQUEST on `field`). `userInputs`: the
 * account's e-mail and name, which make a password guessable too.
 */
export async function assertUncommonPassword(
  password: string,
  field: string,
  userInputs: readonly string[] = [],
): Promise<void> {
  if (await commonPasswordIssue(password, userInputs)) {
    throw new AppError('BAD_REQUEST', 'auth.commonPassword', {}, { [field]: 'auth.commonPassword' });
  }
}
