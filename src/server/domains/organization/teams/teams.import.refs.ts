// Teams as imports read and write them: a customer's teams by name with their leader's e-mail, and a
// batch written in one statement (created or changed, never touched when equal), audited as imported;
// a leader is a member of their team. These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../../db/kysely.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import { type UpsertResult, upsertRows } from '../../../lib/upsert.ts';

export interface TeamImportRow {
  name: string;
  description: string | null;
  teamLeaderId: number | null;
  active: boolean;
}

export interface TeamImportState extends TeamImportRow {
  id: number;
}

/** The customer's teams by name (exactly as stored). */
export async function teamsByName(em: EntityManager, customerId: number): Promise<Map<string, TeamImportState>> {
  const rows = await db(em)
    .selectFrom('teams')
    .select(['id', 'name', 'description', 'team_leader_id', 'active'])
    .where('customer_id', '=', customerId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.name,
      { id: r.id, name: r.name, description: r.description, teamLeaderId: r.team_leader_id, active: r.active },
    ]),
  );
}

/** The customer's users able to lead a team (role teamleader), by e-mail in lower case. */
export async function teamLeadersByEmail(em: EntityManager, customerId: number): Promise<Map<string, number>> {
  const rows = await db(em)
    .selectFrom('users')
    .select(['id', 'email'])
    .where('customer_id', '=', customerId)
    .where('role', '=', 'teamleader')
    .execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

export async function upsertTeams(
  tx: AuthedContext,
  customerId: number,
  rows: readonly TeamImportRow[],
  audit: Record<string, unknown>,
): Promise<UpsertResult> {
  const result = await upsertRows(
    tx,
    {
      table: 'teams',
      conflict: ['customer_id', 'name'],
      columns: ['customer_id', 'name', 'description', 'team_leader_id', 'active'],
      audit: { action: 'import', entityType: 'Team', customerId, changes: audit },
    },
    rows.map((r) => [customerId, r.name, r.description, r.teamLeaderId, r.active]),
  );
  const written = [...result.created, ...result.updated];
  if (written.length) {
    await sql`
      insert into team_members (team_id, user_id)
      select id, team_leader_id from teams where id = any(${written}::int[]) and team_leader_id is not null
      on conflict do nothing`.execute(db(tx.em));
  }
  return result;
}
