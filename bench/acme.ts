// What the planning benchmarks share: a migrated, seeded throwaway database, ACME's ids (customer, the
// Lyon field team, the demo inspector, a published scheme), a service context acting as admin@demo.com,
// and ACME locations inserted in one statement, open 08:00–20:00 on the days asked for.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { AccountsSeeder } from '../seed/accounts.seeder.ts';
import { BusinessSeeder } from '../seed/business.seeder.ts';
import { migrate } from '../src/server/db/orm.ts';
import type { ServiceContext } from '../src/server/lib/context.ts';
import { abilityFor } from '../src/shared/abilities/index.ts';

type Connection = ReturnType<EntityManager['getConnection']>;

export interface AcmeBench {
  conn: Connection;
  acme: number;
  team: number;
  inspector: number;
  scheme: number;
  /** A fresh service context as ACME's admin (`extra` adds options such as private webhook targets). */
  ctx: (extra?: Partial<ServiceContext>) => ServiceContext;
}

/** Migrates and seeds `orm`'s database and reads what the benchmarks plan with. */
export async function seedAcme(orm: MikroORM): Promise<AcmeBench> {
  await migrate(orm);
  await orm.seeder.seed(AccountsSeeder, BusinessSeeder);
  const conn = (orm.em.fork() as EntityManager).getConnection();
  const one = async (query: string) => (await conn.execute<{ id: number }[]>(query))[0].id;
  const acme = await one(`select id from customers where code = 'ACME'`);
  const team = await one(`select id from teams where name = 'Lyon field team'`);
  const inspector = await one(`select id from users where email = 'qualitycontrol@demo.com'`);
  const scheme = await one(
    `select id from schemes where customer_id = ${acme} and status = 'published' order by id limit 1`,
  );
  const [admin] = await conn.execute<{ id: number; email: string; full_name: string }[]>(
    `select id, email, full_name from users where email = 'admin@demo.com'`,
  );
  const user = {
    id: admin.id,
    email: admin.email,
    fullName: admin.full_name,
    role: 'admin' as const,
    customerId: acme,
    customerCode: 'ACME',
    language: 'en',
    teamIds: [],
    sessionId: 0,
  };
  const ctx = (extra: Partial<ServiceContext> = {}): ServiceContext => ({
    em: orm.em.fork(),
    user,
    ability: abilityFor(user),
    ...extra,
  });
  return { conn, acme, team, inspector, scheme, ctx };
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/**
 * Inserts `count` ACME locations coded `<prefix>-00001…`, spread over ACME's sub-directions, open
 * 08:00–20:00 on `openDays`; returns their ids in order.
 */
export async function insertLocations(
  bench: AcmeBench,
  options: { prefix: string; name: string; count: number; openDays: readonly (typeof DAYS)[number][] },
): Promise<number[]> {
  const { conn, acme } = bench;
  const hours = Object.fromEntries(
    DAYS.map((day) => [day, options.openDays.includes(day) ? [{ open: '08:00', close: '20:00' }] : []]),
  );
  await conn.execute(
    `with subs as (select array_agg(id order by id) a from sub_directions where customer_id = ${acme})
     insert into locations (created_at, updated_at, version, customer_id, sub_direction_id, code, name, geofence_radius_m, opening_hours, active)
     select now(), now(), 1, ${acme}, subs.a[1 + g % array_length(subs.a, 1)], ? || '-' || lpad(g::text, 5, '0'), ? || ' ' || g, 100, ?::jsonb, true
       from generate_series(1, ${options.count}) g, subs`,
    [options.prefix, options.name, JSON.stringify(hours)],
  );
  return (
    await conn.execute<{ id: number }[]>(`select id from locations where code like ? order by id`, [
      `${options.prefix}-%`,
    ])
  ).map((r) => r.id);
}
