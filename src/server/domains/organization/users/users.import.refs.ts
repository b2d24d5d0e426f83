// Users as imports read and write them: a customer's users by e-mail with their teams' names, the
// e-mails another customer already uses, a batch written in one statement (created or changed, never
// touched when equal; a new user gets no usable password until they choose one through the invitation),
// and the memberships set to the teams the file names. These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Role } from '../../../../shared/constants/roles.ts';
import { db } from '../../../db/kysely.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { type UpsertResult, upsertRows } from '../../../lib/upsert.ts';
import { accountsOf, mailLinkOf } from './account-sessions.ts';

export type UserImportStatus = 'active' | 'inactive' | 'pending';

export interface UserImportRow {
  email: string;
  fullName: string;
  role: Role;
  status: UserImportStatus;
  language: string;
  /** The primary team: the first one the file names. */
  teamId: number | null;
}

export interface UserImportState extends UserImportRow {
  id: number;
  teamIds: number[];
}

/** No argon2 hash matches it: the account has no password until the invitation's link sets one. */
const NO_PASSWORD = '!invited';

/** The customer's users by e-mail (lower case), with every team they belong to. */
export async function usersByEmail(em: EntityManager, customerId: number): Promise<Map<string, UserImportState>> {
  const rows = await db(em)
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.full_name', 'u.role', 'u.status', 'u.language', 'u.team_id'])
    .select(
      sql<
        number[]
      >`coalesce((select array_agg(m.team_id order by m.team_id) from team_members m where m.user_id = u.id), '{}')`.as(
        'team_ids',
      ),
    )
    .where('u.customer_id', '=', customerId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.email.toLowerCase(),
      {
        id: r.id,
        email: r.email,
        fullName: r.full_name,
        role: r.role,
        status: r.status,
        language: r.language,
        teamId: r.team_id,
        teamIds: r.team_ids,
      },
    ]),
  );
}

/** Of these e-mails, those a user of another customer (or the platform) has. */
export async function emailsOfOthers(em: EntityManager, customerId: number, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db(em)
    .selectFrom('users')
    .select('email')
    .where(sql<boolean>`lower(email) = any(${emails})`)
    .where((eb) => eb.or([eb('customer_id', '!=', customerId), eb('customer_id', 'is', null)]))
    .execute();
  return new Set(rows.map((r) => r.email.toLowerCase()));
}

export function upsertUsers(
  tx: AuthedContext,
  customerId: number,
  rows: readonly UserImportRow[],
  audit: Record<string, unknown>,
): Promise<UpsertResult> {
  return upsertRows(
    tx,
    {
      table: 'users',
      conflict: ['email'],
      columns: ['customer_id', 'email', 'full_name', 'role', 'status', 'language', 'team_id', 'password_hash'],
      insertOnly: ['password_hash'],
      audit: { action: 'import', entityType: 'User', customerId, changes: audit },
    },
    rows.map((r) => [customerId, r.email, r.fullName, r.role, r.status, r.language, r.teamId, NO_PASSWORD]),
  );
}

/** Each user's memberships become exactly `teamIds` (one statement: those dropped, those added). */
export async function setMemberships(
  em: EntityManager,
  wanted: readonly { userId: number; teamIds: readonly number[] }[],
): Promise<void> {
  if (!wanted.length) return;
  const userIds = wanted.map((w) => w.userId);
  const pairs = wanted.flatMap((w) => w.teamIds.map((teamId) => [w.userId, teamId] as const));
  await sql`
    with wanted(user_id, team_id) as (
      select * from unnest(${pairs.map((p) => p[0])}::int[], ${pairs.map((p) => p[1])}::int[])
    ), dropped as (
      delete from team_members m
      where m.user_id = any(${userIds}::int[])
        and not exists (select 1 from wanted w where w.user_id = m.user_id and w.team_id = m.team_id)
    )
    insert into team_members (team_id, user_id) select team_id, user_id from wanted
    on conflict do nothing`.execute(db(em));
}

/** The ids of the customer's users with these e-mails (lower case), by e-mail. */
export async function userIdsByEmail(
  em: EntityManager,
  customerId: number,
  emails: string[],
): Promise<Map<string, number>> {
  if (!emails.length) return new Map();
  const rows = await db(em)
    .selectFrom('users')
    .select(['id', 'email'])
    .where('customer_id', '=', customerId)
    .where(sql<boolean>`lower(email) = any(${emails})`)
    .execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

/** Each new user is invited like one created by hand: a link to choose a password, through the outbox. */
export async function inviteImportedUsers(tx: AuthedContext, emails: readonly string[]): Promise<void> {
  const accounts = accountsOf(tx);
  const link = mailLinkOf(tx);
  for (const email of emails) await accounts.sendPasswordLink(tx.em, email, link);
}

/** Each user's teams (memberships) by name, the primary team first: the `teams` column of an export. */
export async function teamNamesOfUsers(em: EntityManager, userIds: number[]): Promise<Map<number, string[]>> {
  if (!userIds.length) return new Map();
  const rows = await db(em)
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 't.name'])
    .select(sql<boolean>`t.id = u.team_id`.as('primary'))
    .where('m.user_id', '=', sql<number>`any(${userIds}::int[])`)
    .execute();
  const out = new Map<number, { name: string; primary: boolean }[]>();
  for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), { name: r.name, primary: r.primary }]);
  return new Map(
    [...out].map(([id, teams]) => [
      id,
      teams.sort((a, b) => Number(b.primary) - Number(a.primary) || a.name.localeCompare(b.name)).map((t) => t.name),
    ]),
  );
}
