// Private copies of the demo apps' sample data: the seed stores one template set (owner_id null);
// a user's first call to calendar, chat or e-mail copies it for them, moved to today's dates.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression, type RawBuilder } from 'kysely';
import { db } from '../../../db/kysely.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext, SessionUser } from '../../../lib/context.ts';
import type { PersonalDemoApp } from './demo-provision.entity.ts';

/** The user a copy is made for (mail copies address them by e-mail and name). */
export type CopyOwner = Pick<SessionUser, 'id' | 'email' | 'fullName'>;

export type CopyTemplates = (em: EntityManager, owner: CopyOwner) => Promise<void>;

/**
 * Make sure `owner` has their copy of `app`'s sample data. `copy` runs at most once per user and app,
 * inside the transaction that records it (a concurrent first call waits on the unique key, then sees the copy).
 */
export async function ensureDemoCopy(em: EntityManager, owner: CopyOwner, app: PersonalDemoApp, copy: CopyTemplates): Promise<void> {
  const userId = owner.id;
  const done = await db(em).selectFrom('demo_provisions').select('id').where('user_id', '=', userId).where('app', '=', app).executeTakeFirst();
  if (done) return;
  await em.transactional(async (tx) => {
    const inserted = await db(tx)
      .insertInto('demo_provisions')
      .values({ user_id: userId, app, created_at: now(), updated_at: now() })
      .onConflict((oc) => oc.columns(['user_id', 'app']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) await copy(tx, owner);
  });
}

/** Authorizes (read DemoApp) and makes sure the caller has their copy of `app`'s sample data. */
export async function openDemoCopy(ctx: ServiceContext, app: PersonalDemoApp, copy: CopyTemplates): Promise<AuthedContext> {
  authorize(ctx, 'read', 'DemoApp');
  await ensureDemoCopy(ctx.em, ctx.user, app, copy);
  return ctx;
}

/**
 * `time` moved by as many days as have passed since the template row was seeded (`seededAt`), so
 * sample dates stay around the current month however long ago the database was seeded.
 */
export function shiftedToToday(time: Expression<Date | null>, seededAt: Expression<Date>): RawBuilder<Date> {
  return sql<Date>`(${time} + (date_trunc('day', now()) - date_trunc('day', ${seededAt})))`;
}

/** The transaction's start time, for created_at / updated_at of rows written in SQL. */
export const now = (): RawBuilder<Date> => sql<Date>`now()`;
