// Copies of the demo apps' sample data: the seed stores one template set without owner.
// - Per user (calendar, chat, e-mail: owner_id): a user's first call copies it for them, moved to today's dates.
// - Per customer (shop, invoices, demo users, permissions, logistics, analytics, academy, content pages:
//   tenant_id -> demo_tenants): the first call of any user of a customer copies it for the customer; the
//   superadmin works on the platform's own copy. Another owner's rows are never read or written (NOT_FOUND).
import { type EntityClass, ReferenceKind } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Action } from '../../../../shared/abilities/index.ts';
import { db } from '../../../db/kysely.ts';
import { authorize, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext, SessionUser } from '../../../lib/context.ts';
import type { PersonalDemoApp } from './demo-provision.entity.ts';
import type { TenantDemoApp } from './demo-tenant.entity.ts';

/** The user a copy is made for (mail copies address them by e-mail and name). */
export type CopyOwner = Pick<SessionUser, 'id' | 'email' | 'fullName'>;

export type CopyTemplates = (em: EntityManager, owner: CopyOwner) => Promise<void>;

/**
 * Make sure `owner` has their copy of `app`'s sample data. `copy` runs at most once per user and app,
 * inside the transaction that records it (a concurrent first call waits on the unique key, then sees the copy).
 */
export async function ensureDemoCopy(
  em: EntityManager,
  owner: CopyOwner,
  app: PersonalDemoApp,
  copy: CopyTemplates,
): Promise<void> {
  const userId = owner.id;
  const done = await db(em)
    .selectFrom('demo_provisions')
    .select('id')
    .where('user_id', '=', userId)
    .where('app', '=', app)
    .executeTakeFirst();
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
export async function openDemoCopy(
  ctx: ServiceContext,
  app: PersonalDemoApp,
  copy: CopyTemplates,
): Promise<AuthedContext> {
  authorize(ctx, 'read', 'DemoApp');
  await ensureDemoCopy(ctx.em, ctx.user, app, copy);
  return ctx;
}

/**
 * `time` moved by as many calendar days as lie between the template row's seeding (`seededAt`) and today,
 * so planned sample dates (calendar events) keep their wall-clock hour around the current month however
 * long ago the database was seeded.
 */
export function shiftedToToday(
  time: Expression<Date | null>,
  seededAt: Expression<Date>,
  at: Expression<Date> = now(),
): RawBuilder<Date> {
  return sql<Date>`(${time} + (date_trunc('day', ${at}) - date_trunc('day', ${seededAt})))`;
}

/**
 * `time` moved by the whole days elapsed since the template row was seeded (`seededAt`): what had happened
 * when it was seeded (a message, a mail) keeps its hour and stays in the past, even when seeded just before
 * midnight and copied just after it (whole calendar days would move it into the future).
 */
export function shiftedToNow(
  time: Expression<Date | null>,
  seededAt: Expression<Date>,
  at: Expression<Date> = now(),
): RawBuilder<Date> {
  return sql<Date>`(${time} + date_trunc('day', ${at} - ${seededAt}))`;
}

/** The transaction's start time, for created_at / updated_at of rows written in SQL. */
export const now = (): RawBuilder<Date> => sql<Date>`now()`;

/* ------------------------------------------------------------------ per-customer copies */

/** Who owns a copy of the shared demo apps: a customer, or the platform (customerId null). */
export interface DemoOwner {
  key: string;
  customerId: number | null;
}

/** The demo owner of a customer (null: the platform, the superadmin's copy). */
export function demoOwnerOf(customerId: number | null): DemoOwner {
  return customerId === null ? { key: 'platform', customerId: null } : { key: `customer:${customerId}`, customerId };
}

/** Copies an app's samples to the demo tenant `tenant` (inside the transaction that records it). */
export type CopyTenantTemplates = (em: EntityManager, tenant: number) => Promise<void>;

/**
 * Make sure `owner` has its copy of `app`'s sample data; returns its demo tenant id. The copy is made at
 * most once per owner and app, in the transaction that marks the app copied: a concurrent first call
 * waits on the owner row's unique key and lock, then finds the app marked and the rows there.
 */
export async function ensureTenantCopy(
  em: EntityManager,
  owner: DemoOwner,
  app: TenantDemoApp,
  copy: CopyTenantTemplates,
): Promise<number> {
  const copies = knownCopies(em);
  const key = `${owner.key} ${app}`;
  const known = copies.get(key);
  if (known !== undefined) return known;
  const tenant = await findOrMakeTenantCopy(em, owner, app, copy);
  copies.set(key, tenant);
  return tenant;
}

/**
 * Copies known to exist, per database (keyed by the ORM's configuration, shared by its forks): "owner
 * key + app" -> demo tenant id. Only made copies are kept: a copy, once made, never changes, so after
 * the first call a request reads no demo_tenants row. Its row goes only with its customer (cascade),
 * and a customer with users cannot be deleted (users_customer_id_foreign restricts), so no caller is
 * left to hit a stale entry; whoever deletes demo_tenants rows behind the app calls `forgetTenantCopies`.
 */
const copiesByDatabase = new WeakMap<object, Map<string, number>>();

function knownCopies(em: EntityManager): Map<string, number> {
  let copies = copiesByDatabase.get(em.config);
  if (!copies) {
    copies = new Map();
    copiesByDatabase.set(em.config, copies);
  }
  return copies;
}

/** Forgets the copies known for `em`'s database (after demo_tenants rows were deleted in SQL). */
export function forgetTenantCopies(em: EntityManager): void {
  copiesByDatabase.delete(em.config);
}

async function findOrMakeTenantCopy(
  em: EntityManager,
  owner: DemoOwner,
  app: TenantDemoApp,
  copy: CopyTenantTemplates,
): Promise<number> {
  const found = await db(em)
    .selectFrom('demo_tenants')
    .select(['id', 'apps'])
    .where('key', '=', owner.key)
    .executeTakeFirst();
  if (found?.apps.includes(app)) return found.id;
  return em.transactional(async (tx) => {
    await db(tx)
      .insertInto('demo_tenants')
      .values({ key: owner.key, customer_id: owner.customerId, apps: [], created_at: now(), updated_at: now() })
      // Any unique key (key, customer_id): two first calls at once meet on either, and only the arbiter
      // of a targeted ON CONFLICT is spared an error.
      .onConflict((oc) => oc.doNothing())
      .execute();
    const claimed = await db(tx)
      .updateTable('demo_tenants')
      .set({ apps: sql<string[]>`array_append(apps, ${app}::text)`, updated_at: now() })
      .where('key', '=', owner.key)
      .where(sql<boolean>`not (${app}::text = any(apps))`)
      .returning('id')
      .executeTakeFirst();
    if (claimed) {
      await copy(tx, claimed.id);
      return claimed.id;
    }
    const row = await db(tx)
      .selectFrom('demo_tenants')
      .select('id')
      .where('key', '=', owner.key)
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** The caller's context and the demo tenant whose copy of `app` they work on. */
export interface TenantCopy {
  ctx: AuthedContext;
  tenant: number;
}

/**
 * Authorizes `action` on DemoApp and makes sure the caller's customer (the platform for the superadmin)
 * has its copy of `app`; every read and write of the app is then confined to `tenant`.
 */
export async function openTenantCopy(
  ctx: ServiceContext,
  action: Action,
  app: TenantDemoApp,
  copy: CopyTenantTemplates,
): Promise<TenantCopy> {
  authorize(ctx, action, 'DemoApp');
  const tenant = await ensureTenantCopy(ctx.em, demoOwnerOf(tenantId(ctx)), app, copy);
  return { ctx, tenant };
}

/**
 * Copies the sample rows (tenant_id null) of `table` to `tenant`, in id order, with every column of
 * `columns` as it is (created_at / updated_at set to now). Returns each sample id's copy id when
 * `mapIds` (for tables whose rows other samples point to).
 */
export async function copySampleRows(
  em: EntityManager,
  table: string,
  tenant: number,
  columns: readonly string[],
  remap?: { column: string; ids: Map<number, number> },
): Promise<Map<number, number>> {
  const k = db(em);
  const { rows: ids } = await sql<{ old: number; new: number }>`
    select id as old, nextval(pg_get_serial_sequence(${table}, 'id'))::int as new
      from ${sql.table(table)} where tenant_id is null order by id`.execute(k);
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  const srcCols = sql.join(columns.map((c) => (remap && c === remap.column ? sql`r.new` : sql.ref(`s.${c}`))));
  const remapJoin = remap
    ? sql`join unnest(${[...remap.ids.keys()]}::int[], ${[...remap.ids.values()]}::int[]) as r(old, new) on r.old = ${sql.ref(`s.${remap.column}`)}`
    : sql``;
  await sql`
    insert into ${sql.table(table)} (id, tenant_id, created_at, updated_at, ${cols})
    select m.new, ${tenant}::int, now(), now(), ${srcCols}
      from ${sql.table(table)} s
      join unnest(${ids.map((r) => r.old)}::int[], ${ids.map((r) => r.new)}::int[]) as m(old, new) on m.old = s.id
      ${remapJoin}
     order by m.new`.execute(k);
  return new Map(ids.map((r) => [r.old, r.new]));
}

/** The columns of an entity's table a copy carries over: all but id, tenant_id, created_at, updated_at. */
export function copiedColumns(em: EntityManager, entity: EntityClass<object>): string[] {
  const meta = em.getMetadata().get(entity);
  const skip = new Set(['id', 'tenant_id', 'created_at', 'updated_at']);
  return meta.props
    .filter(
      (prop) =>
        (prop.kind === ReferenceKind.SCALAR || prop.kind === ReferenceKind.MANY_TO_ONE) && prop.persist !== false,
    )
    .flatMap((prop) => prop.fieldNames)
    .filter((column) => !skip.has(column));
}
