// Users as lists and pages read them: the listing (primary team's name in the page's own SQL), what
// the caller may see as SQL (tenant and ability conditions), list / byId / CSV iteration, role counts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import { ROLES } from '../../../../shared/constants/roles.ts';
import type { TNameRef } from '../../../../shared/schemas/business.ts';
import type { TRoleSummary } from '../../../../shared/schemas/roles.ts';
import type { TListUsersInput, TUser, TUserDetail } from '../../../../shared/schemas/users.ts';
import { type DB, db } from '../../../db/kysely.ts';
import { authorize, roleAbilities } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  type ListingFilter,
  listById,
  listingReads,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list/index.ts';
import { conditionsFilter, tenantFilter } from '../../../lib/scope.ts';

export const userListing = defineListing({
  source: (db) =>
    listSource(
      db
        .selectFrom('users as u')
        .leftJoin('customers as c', 'c.id', 'u.customer_id')
        // The primary team's name: teams are this context's table, read in the list's own SQL.
        .leftJoin('teams as t', 't.id', 'u.team_id'),
      {
        id: 'u.id',
        select: (qb) =>
          qb.select([
            'u.id',
            'u.version',
            'u.customer_id',
            'c.code as customer_code',
            'u.email',
            'u.full_name',
            'u.role',
            'u.status',
            'u.language',
            'u.avatar',
            'u.team_id',
            't.name as team_name',
            'u.last_login_at',
            // The one place "invited" is derived: the newest invitation link neither used nor revoked.
            (eb) =>
              eb
                .selectFrom('password_resets as pr')
                .select(sql<string>`json_build_object('sentAt', pr.created_at, 'expiresAt', pr.expires_at)`.as('inv'))
                .whereRef('pr.user_id', '=', 'u.id')
                .where('pr.purpose', '=', 'invitation')
                .where('pr.used_at', 'is', null)
                .where('pr.revoked_at', 'is', null)
                .orderBy('pr.created_at', 'desc')
                .limit(1)
                .as('invitation'),
            'u.created_at',
            'u.updated_at',
          ]),
        search: ['u.full_name', 'u.email'],
        sorts: {
          fullName: 'u.full_name',
          email: 'u.email',
          role: 'u.role',
          status: 'u.status',
          lastLoginAt: 'u.last_login_at',
          createdAt: 'u.created_at',
        },
      },
    ),
  map: (r): TUser => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    customerCode: r.customer_code,
    email: r.email,
    fullName: r.full_name,
    role: r.role,
    status: r.status,
    language: r.language,
    avatar: r.avatar,
    team: r.team_id === null || r.team_name === null ? null : { id: r.team_id, name: r.team_name },
    lastLoginAt: toDateOrNull(r.last_login_at),
    invitation: invitationOf(r.invitation),
    // Invited and not in yet: listed as "Invited" whatever the status column says.
    invited: r.last_login_at === null && r.invitation !== null && r.invitation !== undefined,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

/** The pending invitation as the subquery gives it (JSON, parsed by the driver or not). */
function invitationOf(value: unknown): { sentAt: Date; expiresAt: Date } | null {
  if (value === null || value === undefined) return null;
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as { sentAt: string; expiresAt: string };
  return { sentAt: toDate(v.sentAt), expiresAt: toDate(v.expiresAt) };
}

type UserFilter = ListingFilter<typeof userListing>;

/** Expressions over the listed user `u`. */
const onUser = expressionBuilder<DB & { u: DB['users'] }, 'u'>();

/** The user `u` belongs to one of the teams: as a member, floor manager or team leader. */
function inAnyTeam(teamIds: readonly number[]): Expression<SqlBool> {
  if (!teamIds.length) return sql<SqlBool>`false`;
  const eb = onUser;
  return eb.or([
    eb.exists(
      eb
        .selectFrom('team_members as m')
        .select('m.team_id')
        .whereRef('m.user_id', '=', 'u.id')
        .where('m.team_id', 'in', teamIds),
    ),
    eb.exists(
      eb
        .selectFrom('teams as lt')
        .select('lt.id')
        .where('lt.id', 'in', teamIds)
        .where((e) => e.or([e('lt.floor_manager_id', '=', e.ref('u.id')), e('lt.team_leader_id', '=', e.ref('u.id'))])),
    ),
  ]);
}

/** The ids of an ability condition's value (`{ $in: [...] }` or one id). */
function conditionIds(value: unknown): number[] {
  const list: unknown = value !== null && typeof value === 'object' && '$in' in value ? value.$in : [value];
  return Array.isArray(list) ? list.filter((v): v is number => typeof v === 'number') : [];
}

/** What the caller may do to users, as SQL (tenant plus the ability's conditions). */
export function userScope(ctx: AuthedContext, action: 'read' | 'update' = 'read'): UserFilter[] {
  return [
    tenantFilter(ctx, 'u.customer_id'),
    conditionsFilter(ctx, action, 'User', {
      customerId: 'u.customer_id',
      id: 'u.id',
      teamId: (value) => inAnyTeam(conditionIds(value)),
    }),
  ];
}

function listFilters(ctx: AuthedContext, input: Omit<TListUsersInput, 'page' | 'itemsPerPage'>): UserFilter[] {
  return [
    ...userScope(ctx),
    equalsFilter('u.customer_id', input.customerId),
    input.updatedSince !== undefined && ((eb) => eb('u.updated_at', '>=', input.updatedSince as Date)),
    equalsFilter('u.role', input.role),
    equalsFilter('u.status', input.status),
    input.teamId !== undefined && inAnyTeam([input.teamId]),
  ];
}

/** One page of the users the caller may read; `iterateUsers`: every match in batches (CSV). Throw FORBIDDEN. */
export const { list: listUsers, iterate: iterateUsers } = listingReads('User', userListing, listFilters, 'fullName');

/** Teams the user belongs to (member, floor manager or team leader), by name. */
async function teamsOfUser(em: EntityManager, userId: number): Promise<TNameRef[]> {
  return db(em)
    .selectFrom('teams as t')
    .select(['t.id', 't.name'])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('team_members as m')
            .select('m.team_id')
            .whereRef('m.team_id', '=', 't.id')
            .where('m.user_id', '=', userId),
        ),
        eb('t.floor_manager_id', '=', userId),
        eb('t.team_leader_id', '=', userId),
      ]),
    )
    .orderBy('t.name')
    .execute();
}

/** A user the caller may read, with their teams. Throws FORBIDDEN, NOT_FOUND. */
export async function getUser(ctx: ServiceContext, input: { id: number }): Promise<TUserDetail> {
  authorize(ctx, 'read', 'User');
  const found = await listById(ctx.em, userListing, input.id, userScope(ctx), 'User');
  return { ...found, teams: await teamsOfUser(ctx.em, input.id) };
}

/**
 * The product's roles (the roles page): how many users of each the caller may see (counted in SQL, in
 * their tenant and within their `read User` conditions), and each role's abilities as the CASL rules
 * the server enforces describe them. Throws FORBIDDEN.
 */
export async function roleSummaries(ctx: ServiceContext): Promise<TRoleSummary[]> {
  authorize(ctx, 'read', 'User');
  const filters = userScope(ctx);
  const rows = await db(ctx.em)
    .selectFrom('users as u')
    .select(['u.role', sql<number>`count(*)::int`.as('n')])
    .where((eb) => eb.and(filters.flatMap((f) => (!f ? [] : [typeof f === 'function' ? f(eb as never) : f]))))
    .groupBy('u.role')
    .execute();
  const counts = new Map(rows.map((r) => [r.role, r.n]));
  return ROLES.map((role) => ({ role, userCount: counts.get(role) ?? 0, abilities: roleAbilities(role) }));
}
