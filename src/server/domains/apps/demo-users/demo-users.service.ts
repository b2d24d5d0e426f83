// Users demo app (sample people, not the product's accounts): list with search, role/plan/status
// filters, sorting and paging in SQL; details; create; delete. Reading needs `read DemoApp`,
// writing `manage DemoApp`.
import { expressionBuilder, sql, type Expression, type Kysely } from 'kysely';
import type { ListResult, TByIdInput } from '../../../../shared/schemas/common.ts';
import type { TCreateDemoUserInput, TDemoUser, TDemoUserDetail, TListDemoUsersInput } from '../../../../shared/schemas/demo-users.ts';
import { db as kyselyOf, type DB } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { equalsFilter, listSource, runList } from '../../../lib/list.ts';
import { DemoUser } from './demo-user.entity.ts';

const NOT_FOUND = 'User not found';

const textSort = (column: Expression<string>) => sql<string>`lower(${column}) collate "C"`;

function demoUsers(db: Kysely<DB>) {
  const from = db.selectFrom('demo_users as u');
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

export function demoUserSource(db: Kysely<DB>) {
  const { from, columns } = demoUsers(db);
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
  authorize(ctx, 'read', 'DemoApp');
  const { rows, total } = await runList(demoUserSource(kyselyOf(ctx.em)), {
    ...input,
    where: [equalsFilter('u.role', input.role), equalsFilter('u.current_plan', input.plan), equalsFilter('u.status', input.status)],
  });
  return { items: rows, total };
}

/** One user with the detail fields; NOT_FOUND 'User not found'. */
export async function getDemoUser(ctx: ServiceContext, input: TByIdInput): Promise<TDemoUserDetail> {
  authorize(ctx, 'read', 'DemoApp');
  const { from, columns } = demoUsers(kyselyOf(ctx.em));
  const row = await from
    .select([...columns, 'u.task_done as taskDone', 'u.project_done as projectDone', 'u.tax_id as taxId', 'u.language'])
    .where('u.id', '=', input.id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

/** Add a user (validated input); returns it with its new id. */
export async function createDemoUser(ctx: ServiceContext, input: TCreateDemoUserInput): Promise<TDemoUser> {
  authorize(ctx, 'manage', 'DemoApp');
  const user = ctx.em.create(DemoUser, { ...input, taskDone: 0, projectDone: 0, taxId: '', language: 'English' });
  await ctx.em.flush();
  return { id: user.id, ...input };
}

/** Delete one user; NOT_FOUND 'User not found'. */
export async function deleteDemoUser(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  authorize(ctx, 'manage', 'DemoApp');
  const removed = await ctx.em.nativeDelete(DemoUser, { id: input.id });
  if (removed === 0) throw new AppError('NOT_FOUND', NOT_FOUND);
}
