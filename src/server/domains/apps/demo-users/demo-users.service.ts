// Users demo app (sample people, not the product's accounts): list with search, role/plan/status
// filters, sorting and paging in SQL; details; create; delete. Reading needs `read DemoApp`,
// writing `manage DemoApp`. Each customer (the platform, for the superadmin) works on its own copy of
// the sample people (made on first use); another one's user is NOT_FOUND and never listed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, expressionBuilder, type Kysely, sql } from 'kysely';
import type { Action } from '../../../../shared/abilities/index.ts';
import type { ListResult, TByIdInput } from '../../../../shared/schemas/common.ts';
import type {
  TCreateDemoUserInput,
  TDemoUser,
  TDemoUserDetail,
  TDemoUserStats,
  TListDemoUsersInput,
  TUpdateDemoUserInput,
} from '../../../../shared/schemas/demo-users.ts';
import { type DB, db as kyselyOf } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { equalsFilter, listSource, runList } from '../../../lib/list.ts';
import { staleRecord } from '../../../lib/records.ts';
import { copiedColumns, copySampleRows, openTenantCopy, type TenantCopy } from '../provision/demo-provision.service.ts';
import { DemoUser } from './demo-user.entity.ts';

/** Copies the sample people to demo tenant `tenant`. */
export async function copySampleDemoUsers(em: EntityManager, tenant: number): Promise<void> {
  await copySampleRows(em, 'demo_users', tenant, copiedColumns(em, DemoUser));
}

/** Authorizes `action` on DemoApp; the caller's copy of the sample people (made on first use). */
function openDemoUsers(ctx: ServiceContext, action: Action = 'read'): Promise<TenantCopy> {
  return openTenantCopy(ctx, action, 'users', copySampleDemoUsers);
}

const NOT_FOUND = 'User not found';

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

/** Users matching q (name or email), role, plan and status; sorted and paged. */
export async function listDemoUsers(ctx: ServiceContext, input: TListDemoUsersInput): Promise<ListResult<TDemoUser>> {
  const copy = await openDemoUsers(ctx);
  const { rows, total } = await runList(demoUserSource(kyselyOf(copy.ctx.em), copy.tenant), {
    ...input,
    where: [
      equalsFilter('u.role', input.role),
      equalsFilter('u.current_plan', input.plan),
      equalsFilter('u.status', input.status),
    ],
  });
  return { items: rows, total };
}

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
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

/** Add a user (validated input); returns it with its new id. */
export async function createDemoUser(ctx: ServiceContext, input: TCreateDemoUserInput): Promise<TDemoUser> {
  const copy = await openDemoUsers(ctx, 'manage');
  const user = copy.ctx.em.create(DemoUser, {
    ...input,
    tenant: copy.tenant,
    taskDone: 0,
    projectDone: 0,
    taxId: '',
    language: 'English',
  });
  await copy.ctx.em.flush();
  return { id: user.id, ...input };
}

/** Delete one user; NOT_FOUND 'User not found'. */
export async function deleteDemoUser(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  const copy = await openDemoUsers(ctx, 'manage');
  const removed = await copy.ctx.em.nativeDelete(DemoUser, { id: input.id, tenant: copy.tenant });
  if (removed === 0) throw new AppError('NOT_FOUND', NOT_FOUND);
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

/** Change the given fields of one user (a tab of the view); CONFLICT when `version` is stale. */
export async function updateDemoUser(ctx: ServiceContext, input: TUpdateDemoUserInput): Promise<TDemoUserDetail> {
  const copy = await openDemoUsers(ctx, 'manage');
  const { id, version, ...fields } = input;
  const user = await copy.ctx.em.findOne(DemoUser, { id, tenant: copy.tenant });
  if (!user) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (version !== undefined && user.version !== version) throw staleRecord('User');
  copy.ctx.em.assign(user, Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));
  await copy.ctx.em.flush();
  return getDemoUser(ctx, { id });
}
