// Users and teams, declared in one module because they point at each other: a user's primary team,
// a team's floor manager, team leader and members. MikroORM needs both classes at runtime to declare
// those relations, so two modules would import each other. Users are the parent of the pair (teams
// depend on users, never the reverse); teams/team.entity.ts names Team and TeamMember for its domain.
import { defineEntity, p } from '@mikro-orm/core';
import { ROLES } from '../../../../shared/constants/roles.ts';
import { baseProperties, recordVersion } from '../../../db/base.entity.ts';
import { trgmIndex } from '../../../lib/trgm.ts';
import { Customer } from '../customers/customer.entity.ts';

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    ...baseProperties,
    ...recordVersion,
    customer: () => p.manyToOne(Customer).nullable().deleteRule('restrict').index(),
    /** Stored lower-cased, so the unique index is case-insensitive. */
    email: p.string().length(254).unique(),
    fullName: p.string().length(200),
    role: p.enum([...ROLES]).index(),
    /** The user's primary team (also a member of it); null when in none. */
    team: () => p.manyToOne(Team).nullable().deleteRule('set null').index(),
    /** Avatar: a file id or an image URL. */
    avatar: p.string().length(255).nullable(),
    status: p.enum(['active', 'inactive', 'pending'] as const).default('active'),
    language: p.string().length(5).default('en'),
    passwordHash: p.string().length(255).hidden().lazy(),
    lastLoginAt: p.datetime().nullable(),
    /** Kinds of in-app notifications the user does not want (account settings; shared/schemas/account.ts). */
    mutedNotifications: p.array().defaultRaw(`'{}'`),
  },
  indexes: [{ properties: ['customer', 'fullName'] }, trgmIndex('users', 'full_name'), trgmIndex('users', 'email')],
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);

/** A group of inspectors with a floor manager and a team leader. Members are kept in `team_members`. */
export const TeamSchema = defineEntity({
  name: 'Team',
  tableName: 'teams',
  properties: {
    ...baseProperties,
    ...recordVersion,
    customer: () => p.manyToOne(Customer).deleteRule('restrict'),
    name: p.string().length(120),
    description: p.text().nullable(),
    floorManager: () => p.manyToOne(User).nullable().deleteRule('restrict').index(),
    teamLeader: () => p.manyToOne(User).nullable().deleteRule('restrict').index(),
    members: () =>
      p
        .manyToMany(User)
        .owner()
        .pivotEntity(() => TeamMember),
    active: p.boolean().default(true),
    archivedAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'teams_customer_name_unique', properties: ['customer', 'name'] }],
  indexes: [trgmIndex('teams', 'name')],
});

export class Team extends TeamSchema.class {}
TeamSchema.setClass(Team);

/**
 * Membership of a user in a team (the pivot of Team.members). A team with members cannot be deleted
 * (restrict: the refusal names them); deleting a user ends their memberships (cascade).
 */
export const TeamMemberSchema = defineEntity({
  name: 'TeamMember',
  tableName: 'team_members',
  properties: {
    team: () => p.manyToOne(Team).primary().deleteRule('restrict'),
    user: () => p.manyToOne(User).primary().deleteRule('cascade').index(),
  },
});

export class TeamMember extends TeamMemberSchema.class {}
TeamMemberSchema.setClass(TeamMember);
