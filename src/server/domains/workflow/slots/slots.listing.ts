// Reads of slots: the listing (each slot with its task's id and status), what a caller may see, a page
// and one slot. No writes; the service authorizes before calling these.
import { type SqlBool, sql } from 'kysely';
import type { TListSlotsInput, TSlot } from '../../../../shared/schemas/slots.ts';
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

export const slotListing = defineListing({
  source: (k) =>
    listSource(
      k
        .selectFrom('slots as s')
        .innerJoin('location_assignments as a', 'a.id', 's.assignment_id')
        .innerJoin('tasks as t', 't.slot_id', 's.id'),
      {
        id: 's.id',
        select: (qb) =>
          qb.select([
            's.id',
            's.version',
            's.assignment_id',
            'a.project_id',
            'a.location_id',
            't.id as task_id',
            't.status as task_status',
            's.starts_at',
            's.ends_at',
            's.occurrence',
          ]),
        sorts: { startsAt: 's.starts_at' },
      },
    ),
  map: (r): TSlot => ({
    id: r.id,
    version: r.version,
    assignmentId: r.assignment_id,
    projectId: r.project_id,
    locationId: r.location_id,
    taskId: r.task_id,
    taskStatus: r.task_status,
    startsAt: toDate(r.starts_at),
    endsAt: toDate(r.ends_at),
    occurrence: r.occurrence,
  }),
});

type SlotFilter = ListingFilter<typeof slotListing>;

/** What the caller may read: their customer's slots within the ability's conditions (team, self). */
function readScope(ctx: AuthedContext): SlotFilter[] {
  return [
    tenantFilter(ctx, 's.customer_id'),
    conditionsFilter(ctx, 'read', 'Slot', {
      customerId: 's.customer_id',
      teamId: 'a.team_id',
      assigneeId: 'a.assignee_id',
    }),
  ];
}

/** A page of the slots the caller may read, overlapping [from, to], by start. */
export async function slotPage(ctx: AuthedContext, input: TListSlotsInput): Promise<{ items: TSlot[]; total: number }> {
  const where: SlotFilter[] = [
    ...readScope(ctx),
    equalsFilter('a.project_id', input.projectId),
    input.updatedSince !== undefined && ((eb) => eb('s.updated_at', '>=', input.updatedSince as Date)),
    equalsFilter('s.assignment_id', input.assignmentId),
    input.from !== undefined && sql<SqlBool>`${sql.ref('s.ends_at')} > ${input.from}`,
    input.to !== undefined && sql<SqlBool>`${sql.ref('s.starts_at')} < ${input.to}`,
  ];
  return listPage(ctx.em, slotListing, where, { ...input, sortBy: input.sortBy ?? 'startsAt' });
}

/** One slot the caller may read (NOT_FOUND otherwise). */
export async function slotById(ctx: AuthedContext, id: number): Promise<TSlot> {
  return listById(ctx.em, slotListing, id, readScope(ctx), 'Slot');
}
