// Teams and users as imports plan them. Users: the key is the e-mail (an e-mail of another customer's
// user is refused as taken, never matched); `teams` names the customer's teams separated by `;` (the
// first is the primary team); each new user is invited; a new active user takes a seat of the license.
import { ZCreateTeamInput } from '../../../../shared/schemas/teams.ts';
import { ZCreateUserInput } from '../../../../shared/schemas/users.ts';
import { assertSeatsAvailable } from '../../organization/licenses/licenses.refs.ts';
import { teamLeadersByEmail, teamsByName, upsertTeams } from '../../organization/teams/teams.import.refs.ts';
import {
  emailsOfOthers,
  inviteImportedUsers,
  setMemberships,
  type UserImportRow,
  upsertUsers,
  userIdsByEmail,
  usersByEmail,
} from '../../organization/users/users.import.refs.ts';
import { booleanCell, textCell } from './imports.cells.ts';
import { type ImportKind, type PlannedRow, planRows, refuse, stateOf } from './imports.plan.ts';

function keep<T>(value: T | undefined, stored: T | undefined): T | undefined {
  return value === undefined ? stored : value;
}

export const teamsKind: ImportKind = {
  subject: 'Team',
  async prepare(em, customerId) {
    const [existing, leaders] = await Promise.all([teamsByName(em, customerId), teamLeadersByEmail(em, customerId)]);
    return {
      key: (cells) => cells.name ?? '',
      plan: async (rows, errors) =>
        planRows(
          rows,
          errors,
          ZCreateTeamInput,
          { teamLeaderId: 'leader' },
          ({ cells }) => {
            const stored = existing.get(cells.name);
            let teamLeaderId: number | null | undefined;
            if (cells.leader === '') teamLeaderId = null;
            else if (cells.leader !== undefined) {
              teamLeaderId = leaders.get(cells.leader.toLowerCase());
              if (teamLeaderId === undefined)
                throw refuse('leader', 'imports.leaderNotFound', { email: cells.leader.slice(0, 254) });
            }
            return {
              name: cells.name,
              description: keep(textCell(cells, 'description'), stored?.description),
              teamLeaderId: keep(teamLeaderId, stored?.teamLeaderId),
              active: keep(booleanCell(cells, 'active'), stored?.active),
            };
          },
          (_row, input) => {
            const record = {
              name: input.name,
              description: input.description,
              teamLeaderId: input.teamLeaderId,
              active: input.active,
            };
            return { record, state: stateOf(existing.get(input.name), record) };
          },
        ),
      async write(tx, rows, audit) {
        const r = await upsertTeams(
          tx,
          customerId,
          rows.filter((row) => row.state !== 'unchanged').map((row) => row.record as never),
          audit,
        );
        return { created: r.created.length, updated: r.updated.length };
      },
    };
  },
};

interface UserRecord extends UserImportRow {
  teamIds: number[] | undefined;
}

export const usersKind: ImportKind = {
  subject: 'User',
  async prepare(em, customerId, ctx) {
    const [existing, teams] = await Promise.all([usersByEmail(em, customerId), teamsByName(em, customerId)]);
    return {
      key: (cells) => (cells.email ?? '').toLowerCase(),
      async plan(rows, errors) {
        const others = await emailsOfOthers(
          em,
          customerId,
          rows.map((r) => (r.cells.email ?? '').toLowerCase()).filter(Boolean),
        );
        return planRows(
          rows,
          errors,
          ZCreateUserInput,
          { teamId: 'teams' },
          ({ cells }) => {
            const email = (cells.email ?? '').toLowerCase();
            if (others.has(email)) throw refuse('email', 'users.emailTaken');
            const stored = existing.get(email);
            return {
              email: cells.email,
              fullName: keep(textCell(cells, 'fullName'), stored?.fullName) ?? '',
              role: keep(textCell(cells, 'role') ?? undefined, stored?.role),
              language: keep(textCell(cells, 'language') ?? undefined, stored?.language),
              teamId: stored?.teamId ?? null,
            };
          },
          ({ cells }, input) => {
            const stored = existing.get(input.email);
            if (input.role === 'superadmin') throw refuse('role', 'users.superadminRoleOperatorOnly');
            if (stored && stored.id === ctx.user.id && stored.role !== input.role)
              throw refuse('role', 'users.ownRole');
            let teamIds: number[] | undefined;
            if (cells.teams !== undefined) {
              const names = cells.teams
                .split(';')
                .map((n) => n.trim())
                .filter(Boolean);
              teamIds = names.map((name) => {
                const team = teams.get(name);
                if (!team) throw refuse('teams', 'imports.referenceNotFound', { record: 'Team', name });
                return team.id;
              });
              teamIds = [...new Set(teamIds)];
            }
            const active = booleanCell(cells, 'active');
            const storedStatus = stored?.status ?? 'active';
            const status =
              active === undefined
                ? storedStatus
                : active
                  ? storedStatus === 'inactive'
                    ? 'active'
                    : storedStatus
                  : 'inactive';
            const record: UserRecord = {
              email: input.email,
              fullName: input.fullName,
              role: input.role,
              status,
              language: input.language,
              teamId: teamIds === undefined ? (stored?.teamId ?? null) : (teamIds[0] ?? null),
              teamIds,
            };
            const compared = {
              ...record,
              teamIds: teamIds === undefined ? stored?.teamIds : [...teamIds].sort((a, b) => a - b),
            };
            return { record, state: stateOf(stored, compared) };
          },
        );
      },
      async write(tx, planned, audit) {
        const rows = (planned as PlannedRow<UserRecord>[]).filter((r) => r.state !== 'unchanged');
        const fresh = rows.filter((r) => r.state === 'create');
        const seats = fresh.filter((r) => r.record.status === 'active').length;
        if (seats) await assertSeatsAvailable(tx.em, customerId, seats);
        const r = await upsertUsers(
          tx,
          customerId,
          rows.map(({ record: { teamIds: _teams, ...user } }) => user),
          audit,
        );
        const withTeams = rows.filter((row) => row.record.teamIds !== undefined);
        const ids = await userIdsByEmail(
          tx.em,
          customerId,
          withTeams.map((row) => row.record.email),
        );
        await setMemberships(
          tx.em,
          withTeams.flatMap((row) => {
            const userId = ids.get(row.record.email);
            return userId === undefined ? [] : [{ userId, teamIds: row.record.teamIds ?? [] }];
          }),
        );
        await inviteImportedUsers(
          tx,
          fresh.map((row) => row.record.email),
        );
        return { created: r.created.length, updated: Math.max(r.updated.length, rows.length - fresh.length) };
      },
    };
  },
};
