// Users demo app (sample people, not the product's accounts): list with search, role/plan/status
// filters, sorting and paging in SQL; details; create; delete. Reading needs `read DemoApp`,
// writing `manage DemoApp`.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListResult, TByIdInput } from '../../../../shared/schemas/common.ts';
import type {
  TCreateDemoUserInput,
  TDemoUser,
  TDemoUserDetail,
  TDemoUserSortKey,
  TListDemoUsersInput,
} from '../../../../shared/schemas/demo-users.ts';
import { AppError } from '../../../lib/app-error.ts';
import { authorize } from '../../../lib/authz.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { equalsFilter, execSql, listQueryOf, runList, selectColumns, sql, tableOf, type ListSource } from '../../../lib/sql-list.ts';
import { DemoUser } from './demo-user.entity.ts';

const NOT_FOUND = 'User not found';

function userColumns(em: EntityManager) {
  const t = tableOf(em, DemoUser, 'u');
  const select = {
    id: t.col('id'),
    fullName: t.col('fullName'),
    company: t.col('company'),
    role: t.col('role'),
    username: t.col('username'),
    country: t.col('country'),
    contact: t.col('contact'),
    email: t.col('email'),
    currentPlan: t.col('currentPlan'),
    status: t.col('status'),
    avatar: t.col('avatar'),
    billing: t.col('billing'),
  };
  return { t, select };
}

export function demoUserSource(em: EntityManager): ListSource<TDemoUserSortKey> {
  const { t, select } = userColumns(em);
  const text = (prop: 'fullName' | 'email' | 'role' | 'currentPlan' | 'status' | 'billing') =>
    sql`lower(${t.col(prop)}) collate "C"`;
  return {
    from: t.from,
    id: t.col('id'),
    select,
    search: [t.col('fullName'), t.col('email')],
    sorts: {
      user: text('fullName'),
      email: text('email'),
      role: text('role'),
      plan: text('currentPlan'),
      status: text('status'),
      billing: text('billing'),
    },
  };
}

/** Users matching q (name or email), role, plan and status; sorted and paged. */
export async function listDemoUsers(ctx: ServiceContext, input: TListDemoUsersInput): Promise<ListResult<TDemoUser>> {
  authorize(ctx, 'read', 'DemoApp');
  const { t } = userColumns(ctx.em);
  const { rows, total } = await runList<TDemoUser, TDemoUserSortKey>(ctx.em, demoUserSource(ctx.em), {
    ...listQueryOf(input),
    where: [
      equalsFilter(t.col('role'), input.role),
      equalsFilter(t.col('currentPlan'), input.plan),
      equalsFilter(t.col('status'), input.status),
    ],
  });
  return { items: rows, total };
}

/** One user with the detail fields; NOT_FOUND 'User not found'. */
export async function getDemoUser(ctx: ServiceContext, input: TByIdInput): Promise<TDemoUserDetail> {
  authorize(ctx, 'read', 'DemoApp');
  const { t, select } = userColumns(ctx.em);
  const [row] = await execSql<TDemoUserDetail>(
    ctx.em,
    sql`select ${selectColumns({
      ...select,
      taskDone: t.col('taskDone'),
      projectDone: t.col('projectDone'),
      taxId: t.col('taxId'),
      language: t.col('language'),
    })} from ${t.from} where ${t.col('id')} = ${input.id}`,
  );
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
