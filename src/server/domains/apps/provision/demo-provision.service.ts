// Private copies of the demo apps' sample data: the seed stores one template set (owner_id null);
// a user's first call to calendar, chat or e-mail copies it for them, moved to today's dates.
import type { EntityManager } from '@mikro-orm/postgresql';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { execSql, raw, sql, type Sql } from '../../../lib/sql-list.ts';
import type { PersonalDemoApp } from './demo-provision.entity.ts';

export type CopyTemplates = (em: EntityManager, userId: number) => Promise<void>;

/**
 * Make sure `userId` has their copy of `app`'s sample data. `copy` runs at most once per user and app,
 * inside the transaction that records it (a concurrent first call waits on the unique key, then sees the copy).
 */
export async function ensureDemoCopy(
  em: EntityManager,
  userId: number,
  app: PersonalDemoApp,
  copy: CopyTemplates,
): Promise<void> {
  const done = await execSql(em, sql`select 1 from demo_provisions where user_id = ${userId} and app = ${app}`);
  if (done.length > 0) return;
  await em.transactional(async (tx) => {
    const inserted = await execSql(
      tx,
      sql`insert into demo_provisions (user_id, app, created_at, updated_at) values (${userId}, ${app}, now(), now())
          on conflict (user_id, app) do nothing returning id`,
    );
    if (inserted.length > 0) await copy(tx, userId);
  });
}

/** Authorizes (read DemoApp) and makes sure the caller has their copy of `app`'s sample data. */
export async function openDemoCopy(ctx: ServiceContext, app: PersonalDemoApp, copy: CopyTemplates): Promise<AuthedContext> {
  authorize(ctx, 'read', 'DemoApp');
  await ensureDemoCopy(ctx.em, ctx.user.id, app, copy);
  return ctx;
}

/**
 * `column` moved by as many days as have passed since the template row was seeded (`seededAt`), so
 * sample dates stay around the current month however long ago the database was seeded. Trusted SQL only.
 */
export function shiftedToToday(column: string, seededAt: string): Sql {
  return raw(`(${column} + (date_trunc('day', now()) - date_trunc('day', ${seededAt})))`);
}
