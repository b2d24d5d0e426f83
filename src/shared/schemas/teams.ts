// Teams: inspectors with a floor manager and a team leader, inside one customer.
// Procedures: teams.list | byId | create | update | archive | restore | delete.
// admin (and superadmin) manage every team; a floormanager manages the teams they belong to (update,
// archive, delete — not create); businessadmin, businessuser, analyst (and floormanager) read all teams;
// teamleader and qualitycontrol read only their own teams. delete is refused (CONFLICT) while the team
// has members.
import { z } from 'zod';
import { ROLES } from '../constants/roles.ts';
import { customerFilter, ZArchivedFilter, zName, zOptionalText } from './business.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputDate, ZVersion } from './common.ts';

export const ZUserRef = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['active', 'inactive', 'pending']),
});
export type TUserRef = z.infer<typeof ZUserRef>;

export const ZTeam = z.object({
  id: z.number(),
  version: ZVersion,
  customerId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  archivedAt: z.date().nullable(),
  floorManager: ZUserRef.nullable(),
  teamLeader: ZUserRef.nullable(),
  memberCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TTeam = z.infer<typeof ZTeam>;

export const ZTeamDetail = ZTeam.extend({ members: z.array(ZUserRef) });
export type TTeamDetail = z.infer<typeof ZTeamDetail>;

export const TEAM_SORT_KEYS = ['name', 'createdAt', 'updatedAt'] as const;
/** q matches the name. `memberId` keeps teams having that member. Default sort: name asc. */
export const ZListTeamsInput = listInput(TEAM_SORT_KEYS, {
  /** Changed at or after this instant (incremental sync of the business API). */
  updatedSince: ZInputDate.optional(),
  ...customerFilter,
  memberId: ZId.optional(),
  active: z.boolean().optional(),
  archived: ZArchivedFilter,
});
export type TListTeamsInput = z.infer<typeof ZListTeamsInput>;
export const ZTeamList = listOutput(ZTeam);

/**
 * floorManagerId must name a `floormanager`, teamLeaderId a `teamleader` of the same customer;
 * members are users of the same customer (both leads are added as members too).
 * `customerId` is required from the superadmin and ignored for everyone else.
 */
export const ZCreateTeamInput = z.object({
  ...customerFilter,
  name: zName(120),
  description: zOptionalText(2000),
  floorManagerId: ZId.nullable().default(null),
  teamLeaderId: ZId.nullable().default(null),
  memberIds: z.array(ZId).max(500).default([]),
  active: z.boolean().default(true),
});
export type TCreateTeamInput = z.infer<typeof ZCreateTeamInput>;

/** memberIds, when given, replaces the member list. */
export const ZUpdateTeamInput = z.object({
  id: ZId,
  version: ZExpectedVersion,
  name: zName(120).optional(),
  description: zOptionalText(2000).optional(),
  floorManagerId: ZId.nullable().optional(),
  teamLeaderId: ZId.nullable().optional(),
  memberIds: z.array(ZId).max(500).optional(),
  active: z.boolean().optional(),
});
export type TUpdateTeamInput = z.infer<typeof ZUpdateTeamInput>;

/**
 * `teams.addMembers` / `teams.removeMembers`: one change to the member list, not a new list, so two
 * editors' changes both land. Idempotent: adding a member or removing a non-member changes nothing.
 */
export const ZTeamMembersInput = z.object({
  id: ZId,
  userIds: z.array(ZId).min(1).max(500),
});
export type TTeamMembersInput = z.infer<typeof ZTeamMembersInput>;
