// Reads of the users demo app (sample people, not the product's accounts): the caller's copy of the
// sample people (each customer, and the platform, has its own, made on first use), listed with search,
// role / plan / status filters, sorting and paging in SQL (and its CSV rows); one user's details; the
// stat cards. Any caller who may read DemoApp; another copy's user is NOT_FOUND and never listed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, expressionBuilder, type Kysely, sql } from 'kysely';
import type { Action } from '../../../../shared/abilities/index.ts';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import type {
  TDemoUser,
  TDemoUserDetail,
  TDemoUserStats,
  TListDemoUsersInput,
} from '../../../../shared/schemas/demo-users.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { defineListing, equalsFilter, listSource, scopedListingReads } from '../../../lib/list/index.ts';
import { copiedColumns, copySampleRows, openTenantCopy, type TenantCopy } from '../provision/demo-provision.service.ts';
import { DemoUser } from './demo-user.entity.ts';

/** Copies the sample people to demo tenant `tenant`. */
export async function copySampleDemoUsers(em: EntityManager, tenant: number): Promise<void> {
  await copySampleRows(em, 'demo_users', tenant, copiedColumns(em, DemoUser));
}

/**
 * Authorizes `action` on DemoApp (FORBIDDEN otherwise: reading needs `read`, writing `manage`); the
 * caller's copy of the sample people (made on first use).
 */
export function openDemoUsers(ctx: ServiceContext, action: Action = 'read'): Promise<TenantCopy> {
  return openTenantCopy(ctx, action, 'users', copySampleDemoUsers);
}

const textSort = (column: Expression<string>) => sql<string>`lower(${column}) collate "C"`;

function demoUsers(db: Kysely<DB>, tenant: number) {
  const from = db.selectFrom('demo_users as u').where('u.tenant_id', '=', tenant);
  const columns = [
    'u.id',
    'u.full_name as fullName',
    'u.company',
    'u.role',
    'u.username',
    'u.country',
    'u.contact',
    'u.email',
    'u.current_plan as currentPlan',
    'u.status',
    'u.avatar',
    'u.billing',
  ] as const;
  return { from, columns };
}

export function demoUserSource(db: Kysely<DB>, tenant: number) {
  const { from, columns } = demoUsers(db, tenant);
  const eb = expressionBuilder(from);
  return listSource(from, {
    id: 'u.id',
    select: (qb) => qb.select(columns),
    search: ['u.full_name', 'u.email'],
    sorts: {
      user: textSort(eb.ref('u.full_name')),
      email: textSort(eb.ref('u.email')),
      role: textSort(eb.ref('u.role')),
      plan: textSort(eb.ref('u.current_plan')),
      status: textSort(eb.ref('u.status')),
      billing: textSort(eb.ref('u.billing')),
    },
  });
}

/** The sample people of demo tenant `tenant`'s copy. */
export const demoUserListing = (tenant: number) =>
  defineListing({ source: (db) => demoUserSource(db, tenant), map: (r): TDemoUser => r });

/** Users matching q (name or email), role, plan and status; sorted and paged (or every match, for the CSV). */
export const { list: listDemoUsers, iterate: iterateDemoUsers } = scopedListingReads(
  demoUserListing,
  async (ctx, input: TListDemoUsersInput) => {
    const copy = await openDemoUsers(ctx);
    return {
      em: copy.ctx.em,
      scope: copy.tenant,
      where: [
        equalsFilter('u.role', input.role),
        equalsFilter('u.current_plan', input.plan),
        equalsFilter('u.status', input.status),
      ],
    };
  },
);

/** One user with the detail fields; NOT_FOUND 'User not found'. */
export async function getDemoUser(ctx: ServiceContext, input: TByIdInput): Promise<TDemoUserDetail> {
  const copy = await openDemoUsers(ctx);
  const { from, columns } = demoUsers(kyselyOf(copy.ctx.em), copy.tenant);
  const row = await from
    .select([
      ...columns,
      'u.task_done as taskDone',
      'u.project_done as projectDone',
      'u.tax_id as taxId',
      'u.language',
      'u.two_factor as twoFactor',
      'u.muted_notifications as mutedNotifications',
      'u.version',
    ])
    .where('u.id', '=', input.id)
    .executeTakeFirst();
  if (!row) throw notFound('User');
  return row;
}

/** The stat cards' counts: all users of the caller's copy and per status, in one SQL aggregate. */
export async function demoUserStats(ctx: ServiceContext): Promise<TDemoUserStats> {
  const copy = await openDemoUsers(ctx);
  const count = (status: string) => sql<number>`count(*) filter (where u.status = ${status})::int`;
  const row = await kyselyOf(copy.ctx.em)
    .selectFrom('demo_users as u')
    .where('u.tenant_id', '=', copy.tenant)
    .select([
      sql<number>`count(*)::int`.as('total'),
      count('active').as('active'),
      count('inactive').as('inactive'),
      count('pending').as('pending'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}
