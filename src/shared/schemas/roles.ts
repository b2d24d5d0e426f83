// The product's roles as the roles page shows them: each role's user count and its abilities,
// read from the CASL rules the server enforces (shared/abilities), conditions named by what they limit.
import { z } from 'zod';
import { ACTIONS, SUBJECTS } from '../abilities/index.ts';
import { ROLES } from '../constants/roles.ts';

/** What a rule's conditions limit it to, for a person of the role. */
export const ABILITY_SCOPES = [
  'ownCustomer',
  'ownTeams',
  'assignedToThem',
  'ownedByThem',
  'themselves',
  'shared',
] as const;
export type TAbilityScope = (typeof ABILITY_SCOPES)[number];

export const ZRoleAbility = z.object({
  actions: z.array(z.enum(ACTIONS)),
  subjects: z.array(z.enum(SUBJECTS)),
  /** Empty: every record (in the caller's customer, which services always add). */
  scope: z.array(z.enum(ABILITY_SCOPES)),
});
export type TRoleAbility = z.infer<typeof ZRoleAbility>;

export const ZRoleSummary = z.object({
  role: z.enum(ROLES),
  /** Users of this role the caller may see. */
  userCount: z.number().int(),
  abilities: z.array(ZRoleAbility),
});
export type TRoleSummary = z.infer<typeof ZRoleSummary>;
