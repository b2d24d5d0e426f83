// Reads of location assignments: the listing (names, time zones, slot counts), what a caller may see,
// a page and one assignment. No writes; the service authorizes before calling these.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TAssignment, TListAssignmentsInput } from '../../../../shared/schemas/assignments.ts';
import { tenantId } from '../../../lib/authz.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  type ListingFilter,
  listById,
  listPage,
  listSource,
  toDate,
} from '../../../lib/list/index.ts';
import { conditionsFilter, tenantFilter } from '../../../lib/scope.ts';
import { customerTimeZone } from '../../organization/customers/customers.refs.ts';
import { teamNameSql, teamRefs } from '../../organization/teams/teams.refs.ts';
import { userNameSql, userRefs } from '../../organization/users/users.refs.ts';
import { locationCodeSql, locationMatchSql, locationPlanningRefs } from '../../structure/locations/locations.refs.ts';

type AssignmentRow = TAssignment & { locationId: number; teamId: number; assigneeId: number | null };

export const assignmentListing = defineListing({
  source: (k) =>
    listSource(k.selectFrom('location_assignments as a'), {
      id: 'a.id',
      select: (qb) =>
        qb.select((eb) => [
          'a.id',
          'a.version',
          'a.customer_id',
          'a.project_id',
          'a.location_id',
          'a.team_id',
          'a.assignee_id',
          'a.planned_visits',
          'a.created_at',
          'a.updated_at',
          eb
            .selectFrom('slots as s')
            .whereRef('s.assignment_id', '=', 'a.id')
            .select(sql<number>`count(*)::int`.as('n'))
            .as('slots'),
        ]),
      sorts: {
        location: locationCodeSql('a.location_id'),
        team: teamNameSql('a.team_id'),
        assignee: userNameSql('a.assignee_id'),
        plannedVisits: 'a.planned_visits',
        createdAt: 'a.created_at',
      },
    }),
  map: (r): AssignmentRow => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    projectId: r.project_id,
    locationId: r.location_id,
    teamId: r.team_id,
    assigneeId: r.assignee_id,
    location: { id: r.location_id, code: '', name: '', timeZone: '' },
    team: { id: r.team_id, name: '' },
    assignee: null,
    plannedVisits: r.planned_visits,
    slots: r.slots ?? 0,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
  enrich: async (em, items) => {
    const [locations, teams, users, zones] = await Promise.all([
      locationPlanningRefs(
        em,
        items.map((i) => i.locationId),
      ),
      teamRefs(
        em,
        items.map((i) => i.teamId),
      ),
      userRefs(
        em,
        items.map((i) => i.assigneeId).filter((id): id is number => id !== null),
      ),
      customerZones(
        em,
        items.map((i) => i.customerId),
      ),
    ]);
    for (const item of items) {
      const location = locations.get(item.locationId);
      if (location)
        item.location = {
          id: location.id,
          code: location.code,
          name: location.name,
          timeZone: location.timeZone ?? zones.get(item.customerId) ?? 'UTC',
        };
      const team = teams.get(item.teamId);
      if (team) item.team = { id: team.id, name: team.name };
      const user = item.assigneeId === null ? undefined : users.get(item.assigneeId);
      item.assignee = user ? { id: user.id, name: user.fullName } : null;
    }
  },
});

type AssignmentFilter = ListingFilter<typeof assignmentListing>;

/** The customers' time zones (a location without its own uses its customer's). */
async function customerZones(em: EntityManager, customerIds: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(customerIds)];
  return new Map(await Promise.all(unique.map(async (id) => [id, await customerTimeZone(em, id)] as const)));
}

function toAssignment(row: AssignmentRow): TAssignment {
  const { locationId: _l, teamId: _t, assigneeId: _a, ...assignment } = row;
  return assignment;
}

/** What the caller may read: their customer's assignments within the ability's conditions (team, self). */
function readScope(ctx: AuthedContext): AssignmentFilter[] {
  return [
    tenantFilter(ctx, 'a.customer_id'),
    conditionsFilter(ctx, 'read', 'LocationAssignment', {
      customerId: 'a.customer_id',
      teamId: 'a.team_id',
      assigneeId: 'a.assignee_id',
    }),
  ];
}

/** A page of the project's assignments the caller may read, by location unless another sort is asked for. */
export async function assignmentPage(
  ctx: AuthedContext,
  input: TListAssignmentsInput,
): Promise<{ items: TAssignment[]; total: number }> {
  const q = input.q?.trim();
  const where: AssignmentFilter[] = [
    ...readScope(ctx),
    equalsFilter('a.project_id', input.projectId),
    input.updatedSince !== undefined && ((eb) => eb('a.updated_at', '>=', input.updatedSince as Date)),
    equalsFilter('a.team_id', input.teamId),
    equalsFilter('a.assignee_id', input.assigneeId),
    equalsFilter('a.location_id', input.locationId),
    // q matches the location's code and name.
    q ? locationMatchSql('a.location_id', tenantId(ctx), q) : undefined,
  ];
  const page = await listPage(ctx.em, assignmentListing, where, {
    ...input,
    q: undefined,
    sortBy: input.sortBy ?? 'location',
  });
  return { items: page.items.map(toAssignment), total: page.total };
}

/** One assignment the caller may read (NOT_FOUND otherwise). */
export async function assignmentById(ctx: AuthedContext, id: number): Promise<TAssignment> {
  return toAssignment(await listById(ctx.em, assignmentListing, id, readScope(ctx), 'Assignment'));
}
