import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../../db/base.entity.ts';
import { trgmIndex } from '../../../lib/trgm.ts';
import { Customer } from '../customers/customer.entity.ts';
import { User } from '../users/user.entity.ts';

/** A group of inspectors with a floor manager and a team leader. Members are kept in `team_members`. */
export const TeamSchema = defineEntity({
  name: 'Team',
  tableName: 'teams',
  properties: {
    ...baseProperties,
    customer: () => p.manyToOne(Customer).deleteRule('restrict'),
    name: p.string().length(120),
    description: p.text().nullable(),
    floorManager: () => p.manyToOne(User).nullable().deleteRule('restrict').index(),
    teamLeader: () => p.manyToOne(User).nullable().deleteRule('restrict').index(),
    members: () => p.manyToMany(User).owner().pivotEntity(() => TeamMember),
    active: p.boolean().default(true),
    archivedAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'teams_customer_name_unique', properties: ['customer', 'name'] }],
  indexes: [trgmIndex('teams', 'name')],
});

export class Team extends TeamSchema.class {}
TeamSchema.setClass(Team);

/** Membership of a user in a team (the pivot of Team.members). */
export const TeamMemberSchema = defineEntity({
  name: 'TeamMember',
  tableName: 'team_members',
  properties: {
    team: () => p.manyToOne(Team).primary().deleteRule('cascade'),
    user: () => p.manyToOne(User).primary().deleteRule('cascade').index(),
  },
});

export class TeamMember extends TeamMemberSchema.class {}
TeamMemberSchema.setClass(TeamMember);
