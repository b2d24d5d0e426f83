// Extra rules a user must pass to sign in (e.g. the license rule). Domains register theirs at import.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../../organization/users/user.entity.ts';

/** Throws AppError BAD_REQUEST with an `email` field message when the user may not sign in. */
export type SignInPolicy = (em: EntityManager, user: User) => Promise<void>;

export const signInPolicies: SignInPolicy[] = [];
