// Writes of the users demo app on the caller's copy: add, edit and delete a sample person. Callers who
// may manage DemoApp (FORBIDDEN otherwise); another copy's user is NOT_FOUND.
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import type {
  TCreateDemoUserInput,
  TDemoUser,
  TDemoUserDetail,
  TUpdateDemoUserInput,
} from '../../../../shared/schemas/demo-users.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { ServiceContext } from '../../../lib/context.ts';
import { assertCurrent } from '../../../lib/records.ts';
import { DemoUser } from './demo-user.entity.ts';
import { getDemoUser, openDemoUsers } from './demo-users.listing.ts';

/** Add a user (validated input); returns it with its new id. Needs manage on DemoApp (FORBIDDEN otherwise). */
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

/** Delete one user; needs manage on DemoApp (FORBIDDEN otherwise); NOT_FOUND 'User not found'. */
export async function deleteDemoUser(ctx: ServiceContext, input: TByIdInput): Promise<void> {
  const copy = await openDemoUsers(ctx, 'manage');
  const removed = await copy.ctx.em.nativeDelete(DemoUser, { id: input.id, tenant: copy.tenant });
  if (removed === 0) throw notFound('User');
}

/**
 * Change the given fields of one user (a tab of the view); needs manage on DemoApp (FORBIDDEN otherwise).
 * NOT_FOUND 'User not found'; CONFLICT when `version` is stale.
 */
export async function updateDemoUser(ctx: ServiceContext, input: TUpdateDemoUserInput): Promise<TDemoUserDetail> {
  const copy = await openDemoUsers(ctx, 'manage');
  const { id, version, ...fields } = input;
  const user = await copy.ctx.em.findOne(DemoUser, { id, tenant: copy.tenant });
  if (!user) throw notFound('User');
  assertCurrent(user, version, 'User');
  copy.ctx.em.assign(user, Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)));
  await copy.ctx.em.flush();
  return getDemoUser(ctx, { id });
}
