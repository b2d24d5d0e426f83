import { defineEntity, p } from '@mikro-orm/core';
import { ROLES } from '../../../../shared/constants/roles.ts';
import { baseProperties } from '../../../db/base.entity.ts';
import { trgmIndex } from '../../../lib/trgm.ts';
import { Customer } from '../customers/customer.entity.ts';
import { Team } from '../teams/team.entity.ts';

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    ...baseProperties,
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
  },
  indexes: [{ properties: ['customer', 'fullName'] }, trgmIndex('users', 'full_name'), trgmIndex('users', 'email')],
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
